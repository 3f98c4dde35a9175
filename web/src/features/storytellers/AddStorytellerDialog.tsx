import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../../common/messages';
import type { CreatedStoryteller, CreateStorytellerBody } from '../../../../common/storytellers';
import { api } from '../../api/endpoints';
import { toUserText } from '../../api/errors';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { StorytellerDetailsForm } from './StorytellerDetailsForm';
import { StorytellerLinkPanel } from './StorytellerLinkPanel';

export interface AddStorytellerDialogProps {
  timeline: { id: string; name: string };
  opened: boolean;
  onClose: () => void;
}

/**
 * Issue 23 "Add a storyteller": their name and an optional e-mail make them a member of the
 * timeline, and the dialog then shows their link with its code, Copy, Share and the card.
 */
export function AddStorytellerDialog({ timeline, opened, onClose }: AddStorytellerDialogProps) {
  const [created, setCreated] = useState<CreatedStoryteller | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A new form for each opening once one was made; a refused one keeps what was typed.
  const [formKey, setFormKey] = useState(0);
  const madeText = useRef<HTMLParagraphElement>(null);

  // The form goes as the link arrives: focus (and a screen reader) moves to the words about it.
  useEffect(() => {
    if (created) madeText.current?.focus();
  }, [created]);

  const create = useApiMutation({
    mutationFn: (body: CreateStorytellerBody) => api.storytellers.create(timeline.id, body),
    error: false,
    invalidate: [queryKeys.timelineMembers(timeline.id), queryKeys.storytellers(timeline.id)],
    onSuccess: (storyteller) => {
      setRefusal(null);
      setCreated(storyteller);
    },
    onError: (error) => setRefusal(toUserText(error)),
  });

  function close() {
    onClose();
    if (created) {
      setCreated(null);
      setFormKey((key) => key + 1);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? messages.storytellerAdded(created.displayName) : messages.addStorytellerTo(timeline.name)}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': messages.closeDialog }}
    >
      {created ? (
        <Stack gap="md">
          <Text ref={madeText} tabIndex={-1}>
            {messages.storytellerAddedDetail}
          </Text>
          <StorytellerLinkPanel storytellerId={created.id} name={created.displayName} link={created.link} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {messages.done}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{messages.addStorytellerIntro(timeline.name)}</Text>
          <StorytellerDetailsForm
            key={formKey}
            submitLabel={messages.storytellerCreate}
            pending={create.isPending}
            refusal={refusal}
            onSubmit={(body) => create.mutate(body)}
            onCancel={close}
            focusName
          />
        </Stack>
      )}
    </Modal>
  );
}

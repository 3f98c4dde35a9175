import { Divider, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../../common/messages';
import type { CreateStorytellerBody, Storyteller } from '../../../../common/storytellers';
import { api } from '../../api/endpoints';
import { toUserText } from '../../api/errors';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { ReminderForm } from './ReminderForm';
import { StorytellerDetailsForm } from './StorytellerDetailsForm';
import { StorytellerLinkSection } from './StorytellerLinkSection';

export interface ManageStorytellerDialogProps {
  timelineId: string;
  storyteller: Storyteller;
  opened: boolean;
  onClose: () => void;
}

/**
 * What the storyteller's creator and the timeline's owner may do (abilities.canManage): their
 * link, their name and e-mail, and the week's question by e-mail when the server sends mail.
 */
export function ManageStorytellerDialog({ timelineId, storyteller, opened, onClose }: ManageStorytellerDialogProps) {
  const config = useQuery({ queryKey: queryKeys.publicConfig, queryFn: api.config });
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useApiMutation({
    mutationFn: (body: CreateStorytellerBody) => api.storytellers.update(storyteller.id, { displayName: body.displayName, email: body.email ?? null }),
    success: messages.storytellerSaved,
    error: false,
    // The name shows among the members too.
    invalidate: [queryKeys.storytellers(timelineId), queryKeys.timelineMembers(timelineId)],
    onSuccess: () => setRefusal(null),
    onError: (error) => setRefusal(toUserText(error)),
  });
  const mailEnabled = config.data?.mail?.enabled === true;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={messages.storytellerManageOf(storyteller.displayName)}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': messages.closeDialog }}
    >
      <Stack gap="lg">
        <section aria-label={messages.storytellerLinkOf(storyteller.displayName)}>
          <Text fw={700} mb="xs">
            {messages.storytellerLinkOf(storyteller.displayName)}
          </Text>
          <StorytellerLinkSection timelineId={timelineId} storyteller={storyteller} />
        </section>
        <Divider />
        <section aria-label={messages.storytellerDetailsHeading}>
          <Text fw={700} mb="xs">
            {messages.storytellerDetailsHeading}
          </Text>
          <StorytellerDetailsForm
            // Saved elsewhere (another tab, another manager): the form starts from the new values.
            key={`${storyteller.displayName}\n${storyteller.email ?? ''}`}
            initial={{ displayName: storyteller.displayName, email: storyteller.email ?? '' }}
            submitLabel={messages.storytellerSave}
            pending={save.isPending}
            refusal={refusal}
            onSubmit={(body) => save.mutate(body)}
          />
        </section>
        {mailEnabled && (
          <>
            <Divider />
            <section aria-label={messages.storytellerReminderHeading}>
              <Text fw={700} mb="xs">
                {messages.storytellerReminderHeading}
              </Text>
              {storyteller.email ? (
                <ReminderForm timelineId={timelineId} storyteller={storyteller} />
              ) : (
                <Text c="dimmed">{messages.storytellerNeedsEmailForReminder}</Text>
              )}
            </section>
          </>
        )}
      </Stack>
    </Modal>
  );
}

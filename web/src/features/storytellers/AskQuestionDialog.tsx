import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../common/messages';
import { askQuestionBody, type AskQuestionBody, type Storyteller } from '../../../../common/storytellers';
import { api } from '../../api/endpoints';
import { toUserText } from '../../api/errors';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';

const ANYONE = '';

export interface AskQuestionDialogProps {
  timeline: { id: string; name: string };
  storytellers: Storyteller[];
  opened: boolean;
  onClose: () => void;
}

/**
 * Issue 23 "Ask a question", for one storyteller or anyone on the timeline. The dialog stays
 * mounted once opened, so a question typed and closed, or refused, is still there: only a sent
 * one is cleared.
 */
export function AskQuestionDialog({ timeline, storytellers, opened, onClose }: AskQuestionDialogProps) {
  const [text, setText] = useState('');
  const [forUserId, setForUserId] = useState(ANYONE);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const ask = useApiMutation({
    mutationFn: (body: AskQuestionBody) => api.questions.ask(timeline.id, body),
    success: messages.questionAsked,
    error: false,
    invalidate: [queryKeys.questions(timeline.id)],
    onSuccess: () => {
      setText('');
      setRefusal(null);
      onClose();
    },
    onError: (error) => setRefusal(`${messages.questionSendFailed} ${toUserText(error)}`),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = askQuestionBody.safeParse({ text, ...(forUserId === ANYONE ? {} : { forUserId }) });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? messages.questionTextRequired);
    setFieldError(null);
    ask.mutate(parsed.data);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={messages.askQuestion} centered size="lg" closeButtonProps={{ 'aria-label': messages.closeDialog }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text>{messages.askQuestionIntro}</Text>
          <Textarea
            label={messages.questionTextLabel}
            placeholder={messages.questionTextHint}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={fieldError}
            autosize
            minRows={3}
            required
            data-autofocus
          />
          <NativeSelect
            label={messages.questionForLabel}
            value={forUserId}
            onChange={(event) => setForUserId(event.currentTarget.value)}
            data={[
              { value: ANYONE, label: messages.questionForAnyone },
              ...storytellers.map((storyteller) => ({ value: storyteller.id, label: storyteller.displayName })),
            ]}
          />
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {messages.cancel}
            </Button>
            <Button type="submit" loading={ask.isPending}>
              {messages.questionSend}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { ActionIcon, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '../../../../common/messages';
import type { Question } from '../../../../common/storytellers';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import classes from './Storytellers.module.css';

/** One question: its words, who asked it and for whom, waiting or answered (opening the story), and the asker's Delete. */
export function QuestionItem({
  timelineId,
  question,
  forName,
  onOpenStory,
}: {
  timelineId: string;
  question: Question;
  forName: string | undefined;
  onOpenStory: (memoryId: string) => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const remove = useApiMutation({
    mutationFn: () => api.questions.remove(question.id),
    success: messages.questionDeleted,
    error: messages.questionDeleteFailed,
    invalidate: [queryKeys.questions(timelineId)],
    onSuccess: () => setDeleting(false),
  });
  const forWhom = question.forUserId === null ? messages.questionForAnyoneShort : (forName ?? messages.storytellerBadge);
  const answeredId = question.answeredMemoryId;

  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm" role="listitem">
      <Stack gap={2} className={classes.wordy} style={{ flex: '1 1 14rem' }}>
        <Text fw={600}>{question.text}</Text>
        <Text c="dimmed">{messages.questionAskedBy(question.askedBy.displayName, forWhom)}</Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        {answeredId ? (
          <Button variant="light" color="teal" leftSection={<IconPlayerPlay size={16} />} aria-label={messages.questionOpenAnswer(question.text)} onClick={() => onOpenStory(answeredId)}>
            {messages.questionAnswered}
          </Button>
        ) : (
          <Badge variant="outline" color="gray" tt="none" size="lg">
            {messages.questionWaiting}
          </Badge>
        )}
        {question.abilities.canDelete && (
          <ActionIcon variant="subtle" color="red" aria-label={messages.questionDelete(question.text)} onClick={() => setDeleting(true)}>
            <IconTrash size={18} />
          </ActionIcon>
        )}
      </Group>
      <Modal opened={deleting} onClose={() => setDeleting(false)} title={messages.questionDeleteTitle} centered closeButtonProps={{ 'aria-label': messages.closeDialog }}>
        <Stack>
          <Text fw={600}>{question.text}</Text>
          <Text>{messages.questionDeleteConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              {messages.cancel}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {messages.questionDeleteButton}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

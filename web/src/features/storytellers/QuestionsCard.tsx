import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { lazyDialog } from '../../components/lazyDialog';
import { QuestionItem } from './QuestionItem';
import { useStorytellers } from './useStorytellers';
import classes from './Storytellers.module.css';

const AskQuestionDialog = lazyDialog(() => import('./AskQuestionDialog').then((module) => module.AskQuestionDialog));

/**
 * Issue 23: the family's questions on a timeline, oldest first (the order storytellers get them),
 * and "Ask a question". `onOpenStory` opens the story that answered one (the page's memory
 * detail), handed in so this feature needs nothing of the memories feature.
 */
export function QuestionsCard({ timeline, onOpenStory }: { timeline: { id: string; name: string }; onOpenStory: (memoryId: string) => void }) {
  const questions = useQuery({ queryKey: queryKeys.questions(timeline.id), queryFn: () => api.questions.list(timeline.id) });
  const storytellers = useStorytellers(timeline.id);
  const [asking, setAsking] = useState(false);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
        <Text fw={700} className={classes.wordy} style={{ flex: '1 1 14rem' }}>
          {messages.questionsHeading(timeline.name)}
        </Text>
        <Button variant="light" leftSection={<IconMessageQuestion size={16} />} onClick={() => setAsking(true)}>
          {messages.askQuestion}
        </Button>
      </Group>
      {questions.isPending ? (
        <Skeleton h={64} radius="md" />
      ) : questions.isError ? (
        <Stack gap="xs" align="flex-start">
          <Text role="alert">{messages.questionsLoadFailed}</Text>
          <Button variant="light" onClick={() => void questions.refetch()}>
            {messages.tryAgain}
          </Button>
        </Stack>
      ) : questions.data.length === 0 ? (
        <Text c="dimmed">{storytellers.size === 0 ? messages.questionsEmptyNoStorytellers : messages.questionsEmpty}</Text>
      ) : (
        <Stack gap="sm" role="list" aria-label={messages.questionsOf(timeline.name)}>
          {questions.data.map((question) => (
            <QuestionItem key={question.id} timelineId={timeline.id} question={question} forName={question.forUserId ? storytellers.get(question.forUserId)?.displayName : undefined}
              onOpenStory={onOpenStory}
            />
          ))}
        </Stack>
      )}
      <AskQuestionDialog timeline={timeline} storytellers={[...storytellers.values()]} opened={asking} onClose={() => setAsking(false)} />
    </Card>
  );
}

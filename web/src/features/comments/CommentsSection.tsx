// memories §2: the comments of a memory in a scrollable list, then the box to add one;
// issue 26: between them, the person's comments on it that wait on the device to be sent.
import { Alert, Button, ScrollArea, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';
import { useComments, useDeleteComment } from './useComments';
import { useWaitingComments } from './useWaitingComments';
import { WaitingComments } from './WaitingComments';
import { messages } from '../../../../common/messages';

/** memories §9: the list scrolls within 96 spacing units of 0.25 rem (24 rem). */
const COMMENT_LIST_HEIGHT = '24rem';

export function CommentsSection({ memoryId }: { memoryId: string }) {
  const comments = useComments(memoryId);
  const remove = useDeleteComment(memoryId);
  const list = comments.data ?? [];
  const waiting = useWaitingComments(memoryId);
  return (
    <Stack gap="sm" component="section" aria-labelledby={`comments-${memoryId}`}>
      <Title order={3} size="h4" id={`comments-${memoryId}`}>
        {messages.commentsHeading(list.length)}
      </Title>
      {comments.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={messages.commentsLoading}>
          <Skeleton h={56} radius="md" />
          <Skeleton h={56} radius="md" />
        </Stack>
      ) : comments.isError ? (
        <Alert color="red" styles={{ message: { fontSize: 'var(--mantine-font-size-md)' } }} title={messages.commentsLoadFailed}>
          <Button variant="light" color="red" mt="xs" onClick={() => void comments.refetch()}>
            {messages.tryAgain}
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        waiting.entries.length === 0 && <Text c="dimmed">{messages.commentsNone}</Text>
      ) : (
        // Focusable, so the list scrolls by keyboard alone.
        <ScrollArea.Autosize mah={COMMENT_LIST_HEIGHT} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-label': messages.commentList }}>
          <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                onDelete={(commentId) => remove.mutate(commentId)}
                deleting={remove.isPending && remove.variables === comment.id}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <WaitingComments entries={waiting.entries} progress={waiting.progress} author={waiting.author} />
      {/* Heard when a waiting comment has gone: it then shows among the others. */}
      <VisuallyHidden role="status" aria-live="polite">
        {waiting.sentNote}
      </VisuallyHidden>
      <CommentComposer memoryId={memoryId} />
    </Stack>
  );
}

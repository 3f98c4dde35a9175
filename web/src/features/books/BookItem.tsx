// One of My books (issue 24): its title, timeline and dates, and where it stands: a progress
// bar while it is made, its pages, size and Download once ready, the reason and Try again if
// it failed; Delete at any time.
import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconRefresh, IconTrash } from '@tabler/icons-react';
import { forwardRef } from 'react';
import type { Book } from '../../../../common/books';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { dayShort } from './bookDays';
import classes from './Books.module.css';
import { sizeInWords } from './bookSize';
import { DeleteBookDialog } from './DeleteBookDialog';

const statusWords: Record<Book['status'], string> = {
  queued: messages.bookStatusQueued,
  rendering: messages.bookStatusRendering,
  ready: messages.bookStatusReady,
  failed: messages.bookStatusFailed,
};

interface BookItemProps {
  book: Book;
  /** The timeline's name, or null when the caller no longer sees it. */
  timelineName: string | null;
  /** Runs once the book is deleted: the focus has to go somewhere else. */
  onDeleted: () => void;
}

/** The ref is the title's, focusable, for the book just made (My books takes the focus there). */
export const BookItem = forwardRef<HTMLHeadingElement, BookItemProps>(function BookItem({ book, timelineName, onDeleted }, titleRef) {
  const [deleting, deletion] = useDisclosure(false);
  const titleId = `book-${book.id}`;

  // "Try again" asks for the same book again; the failed one then goes, so the list holds one.
  const retry = useApiMutation({
    mutationFn: async () => {
      const made = await api.books.create({
        timelineId: book.timelineId,
        start: book.start,
        end: book.end,
        tz: book.tz,
        title: book.title,
        includeComments: book.includeComments,
        listenCodes: book.listenCodes,
        ...(book.coverMediaId ? { coverMediaId: book.coverMediaId } : {}),
      });
      await api.books.remove(book.id).catch(() => undefined);
      return made;
    },
    success: messages.bookRetried,
    error: (message) => `${messages.bookMakeFailed} ${message}`,
    invalidate: [queryKeys.books],
  });

  return (
    <Card component="article" withBorder radius="lg" padding="lg" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id={titleId} ref={titleRef} tabIndex={-1} className={classes.bookTitle}>
            {book.title}
          </Title>
          <Text c="dimmed">
            {timelineName ?? messages.bookTimelineGone} · {messages.bookRangeShort(dayShort(book.start), dayShort(book.end))}
          </Text>
        </div>

        {book.status === 'queued' || book.status === 'rendering' ? (
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text>{statusWords[book.status]}</Text>
              <Text fw={600} aria-hidden>
                {messages.bookProgressPercent(book.progress)}
              </Text>
            </Group>
            <Progress value={book.progress} size="lg" radius="xl" striped animated aria-label={messages.bookProgressLabel(book.title)} />
          </Stack>
        ) : book.status === 'ready' ? (
          <Text>
            <Text component="span" fw={600}>
              {statusWords.ready}
            </Text>
            {book.pages !== null && book.bytes !== null && <> · {messages.bookPagesAndSize(book.pages, sizeInWords(book.bytes))}</>}
          </Text>
        ) : (
          <Stack gap={2}>
            <Text fw={600} c="red.4">
              {statusWords.failed}
            </Text>
            {book.error && <Text>{book.error}</Text>}
          </Stack>
        )}

        <Group gap="sm">
          {book.status === 'ready' && (
            // A plain link: the browser saves the PDF itself, with the server's file name.
            <Button
              component="a"
              href={api.books.fileUrl(book.id)}
              download
              size="md"
              leftSection={<IconDownload size={18} />}
              aria-label={messages.bookDownloadNamed(book.title)}
            >
              {messages.bookDownload}
            </Button>
          )}
          {book.status === 'failed' && (
            <Button
              size="md"
              variant="light"
              leftSection={<IconRefresh size={18} />}
              onClick={() => retry.mutate()}
              loading={retry.isPending}
              aria-label={messages.bookTryAgainNamed(book.title)}
            >
              {messages.bookTryAgain}
            </Button>
          )}
          <Button
            size="md"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={18} />}
            onClick={deletion.open}
            aria-label={messages.bookDeleteNamed(book.title)}
          >
            {messages.bookDelete}
          </Button>
        </Group>
      </Stack>
      <DeleteBookDialog
        book={book}
        opened={deleting}
        onClose={deletion.close}
        onDeleted={() => {
          deletion.close();
          onDeleted();
        }}
      />
    </Card>
  );
});

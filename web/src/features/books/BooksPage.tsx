// Issue 24 "My books" (/books): the caller's books, newest first, each with where it stands;
// polled while one is being made (useBooks), with a live region that says when one is ready.
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { messages } from '../../../../common/messages';
import { toUserText } from '../../api/errors';
import { useOpenShellDialog } from '../../components/shellDialogs';
import { useActiveTimeline } from '../timelines';
import { BookItem } from './BookItem';
import { useBookAnnouncements } from './useBookAnnouncements';
import { useBooks } from './useBooks';

export function BooksPage() {
  const books = useBooks();
  const { timelines } = useActiveTimeline();
  const openDialog = useOpenShellDialog();
  const announcement = useBookAnnouncements(books.data);
  const heading = useRef<HTMLHeadingElement>(null);
  const madeTitle = useRef<HTMLHeadingElement>(null);
  // The book just asked for (Make a book sends its id here): the focus goes to it once shown.
  const madeBookId = (useLocation().state as { madeBookId?: string } | null)?.madeBookId ?? null;
  const madeShown = books.data?.some((book) => book.id === madeBookId) ?? false;
  useEffect(() => {
    if (madeShown) madeTitle.current?.focus();
  }, [madeShown]);

  const nameOf = (timelineId: string) => timelines.find((timeline) => timeline.id === timelineId)?.name ?? null;
  const makeButton = (
    <Button size="md" leftSection={<IconBook size={18} />} onClick={() => openDialog('book')}>
      {messages.makeBook}
    </Button>
  );

  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1} size="h2" ref={heading} tabIndex={-1}>
            {messages.myBooksTitle}
          </Title>
          <Text c="dimmed">{messages.myBooksIntro}</Text>
        </div>
        {books.data && books.data.length > 0 && makeButton}
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>

      {books.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label={messages.myBooksLoading}>
          {[0, 1].map((index) => (
            <Skeleton key={index} h={140} radius="lg" />
          ))}
        </Stack>
      ) : books.isError ? (
        <Alert color="red" title={messages.myBooksLoadFailed} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text>{toUserText(books.error)}</Text>
            <Button variant="light" color="red" onClick={() => void books.refetch()}>
              {messages.tryAgain}
            </Button>
          </Stack>
        </Alert>
      ) : books.data.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack gap="sm" align="flex-start">
            <Text fw={700} fz="lg">
              {messages.myBooksEmpty}
            </Text>
            <Text>{messages.myBooksEmptyDetail}</Text>
            {makeButton}
          </Stack>
        </Card>
      ) : (
        <Stack gap="md" component="section" aria-label={messages.myBooksTitle}>
          {books.data.map((book) => (
            <BookItem
              key={book.id}
              ref={book.id === madeBookId ? madeTitle : undefined}
              book={book}
              timelineName={nameOf(book.timelineId)}
              onDeleted={() => heading.current?.focus()}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

// The memories of one timeline, grouped by month (memories §2), loaded 20 at a time as the
// person scrolls; a 'Load more' button does the same for keyboards and screen readers.
import { Alert, Button, Card, Center, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { ApiError, toUserText } from '../../api/errors';
import type { Memory } from '../memories';
import { uniqueMemories } from '../../lib/memoryPages';
import { groupByMonth } from './groupByMonth';
import { TimelineEntry } from './TimelineEntry';
import classes from './TimelinePage.module.css';
import { useTimelineMemories } from './useTimelineMemories';
import { messages } from '../../../../common/messages';

interface TimelineFeedProps {
  timelineId: string;
  filter: { start?: string; end?: string };
  filtered: boolean;
  /** Issue 26: memories of hers filed here wait on this device, listed above the feed. */
  waiting: boolean;
  onOpen: (memoryId: string) => void;
  onViewImage: (memory: Memory, index: number) => void;
  onCapture: () => void;
  onClearFilter: () => void;
}

export function TimelineFeed({ timelineId, filter, filtered, waiting, onOpen, onViewImage, onCapture, onClearFilter }: TimelineFeedProps) {
  const query = useTimelineMemories(timelineId, filter);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const groups = useMemo(() => groupByMonth(uniqueMemories(query.data?.pages ?? [])), [query.data]);
  const sentinel = useRef<HTMLDivElement>(null);

  // The next page starts loading a screen before the end comes into view.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={messages.timelineLoading}>
        <Skeleton h={28} w={180} radius="sm" />
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={160} radius="lg" />
        ))}
      </Stack>
    );
  }

  // A failed next page keeps the pages already shown (isFetchNextPageError below).
  if (query.isError && !query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert color="red" title={notFound ? messages.timelineNotFound : messages.timelineLoadFailed} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text>{notFound ? messages.timelinePageNotFound : toUserText(query.error)}</Text>
          {!notFound && (
            <Button variant="light" color="red" onClick={() => void query.refetch()}>
              {messages.tryAgain}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }

  if (groups.length === 0) {
    // What waits is the timeline's first memory: "No memories yet" under it would say otherwise.
    if (waiting && !filtered) return null;
    return filtered ? (
      <Card withBorder radius="lg" padding="xl">
        <Stack align="center" gap="xs" ta="center">
          <Text fw={700}>{messages.timelineNoMemoriesOnDay}</Text>
          <Button variant="light" onClick={onClearFilter}>
            {messages.clearDate}
          </Button>
        </Stack>
      </Card>
    ) : (
      <Card withBorder radius="lg" padding="xl">
        <Stack align="center" gap="xs" ta="center">
          <IconSparkles size={32} aria-hidden />
          <Text fw={700} size="lg">
            {messages.noMemoriesYet}
          </Text>
          <Text c="dimmed">{messages.timelineEmptyDetail}</Text>
          <Button onClick={onCapture} mt="xs">
            {messages.captureAMemory}
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`month-${group.key}`} className={classes.month}>
          <Title order={2} size="h3" id={`month-${group.key}`} className={classes.monthHeading}>
            {group.heading}
          </Title>
          <ol className={classes.entries}>
            {group.entries.map(({ memory, side }) => (
              <TimelineEntry key={memory.id} memory={memory} side={side} onOpen={onOpen} onViewImage={onViewImage} />
            ))}
          </ol>
        </section>
      ))}
      <div ref={sentinel} />
      {hasNextPage && (
        <Center>
          <Button variant="default" onClick={() => void fetchNextPage()} loading={isFetchingNextPage} className={classes.target}>
            {messages.timelineLoadMore}
          </Button>
        </Center>
      )}
      {isFetchingNextPage && (
        <Center aria-live="polite">
          <Loader size="sm" aria-label={messages.timelineLoadingMore} />
        </Center>
      )}
      {query.isFetchNextPageError && (
        <Alert color="red" title={messages.timelineLoadMoreFailed}>
          {messages.timelineLoadMoreFailedDetail}
        </Alert>
      )}
    </Stack>
  );
}

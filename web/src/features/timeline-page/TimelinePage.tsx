// memories §2 "Timeline page": '/timeline' shows the active timeline, '/timeline/{id}' the
// one named; a memoryId query parameter opens that memory on arrival.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { imageUrlOf } from '../../../../common/memories-rules';
import { useOpenShellDialog } from '../../components/shellDialogs';
import { useOpenerFocus } from '../../components/useOpenerFocus';
import type { Memory } from '../memories';
import { useOpenMemory } from '../memories';
import { useWaitingMemories, WaitingMemories } from '../outbox';
import { TimelineDot, useActiveTimeline } from '../timelines';
import { dayRange } from './dayRange';
import { DayFilter } from './DayFilter';
import { ImageViewer, type ViewerImages } from './ImageViewer';
import { TimelineFeed } from './TimelineFeed';
import classes from './TimelinePage.module.css';
import { messages } from '../../../../common/messages';

export function TimelinePage() {
  const params = useParams<{ id?: string }>();
  const { timelines, active, isLoading } = useActiveTimeline();
  const openMemory = useOpenMemory();
  const openDialog = useOpenShellDialog();
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedMemoryId = searchParams.get('memoryId');
  const [day, setDay] = useState<string | null>(null);
  const [viewer, setViewer] = useState<ViewerImages | null>(null);

  const timelineId = params.id ?? active?.id ?? null;
  const timeline = timelines.find((candidate) => candidate.id === timelineId) ?? null;
  const filter = useMemo(() => (day ? dayRange(day) : {}), [day]);
  const waiting = useWaitingMemories(timelineId).entries.length > 0;

  // A link such as /timeline?memoryId=… opens that memory once; the parameter is then
  // dropped so Back and a reload do not open it again.
  useEffect(() => {
    if (!linkedMemoryId) return;
    openMemory(linkedMemoryId);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('memoryId');
        return next;
      },
      { replace: true },
    );
  }, [linkedMemoryId, openMemory, setSearchParams]);

  // Another timeline keeps no day filter from the last one.
  const [filterOf, setFilterOf] = useState(timelineId);
  if (filterOf !== timelineId) {
    setFilterOf(timelineId);
    setDay(null);
  }

  // The viewer unmounts on close, so it cannot hand the focus back itself (issue 9): the photo
  // that opened it gets it again, and a keyboard user carries on where they were.
  const viewerFocus = useOpenerFocus();
  const viewImage = (memory: Memory, index: number) => {
    const urls = memory.images.map((image) => imageUrlOf(image)).filter((url): url is string => url !== null);
    viewerFocus.remember();
    setViewer({ title: memory.title, urls, startIndex: index });
  };
  const closeViewer = () => {
    setViewer(null);
    viewerFocus.restore();
  };

  if (!timelineId) {
    return (
      <Stack maw={960} mx="auto" gap="lg">
        <Title order={1}>{messages.timeline}</Title>
        {!isLoading && (
          <Card withBorder radius="lg" padding="xl">
            <Text fw={700}>{messages.homeNoTimelines}</Text>
            <Text c="dimmed">{messages.homeNoTimelinesDetail}</Text>
          </Card>
        )}
      </Stack>
    );
  }

  return (
    <Stack maw={960} mx="auto" gap="lg" className={classes.page}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {timeline && <TimelineDot color={timeline.color} size={16} />}
          <Title order={1} size="h2" className={classes.pageTitle}>
            {timeline?.name ?? messages.timeline}
          </Title>
        </Group>
        <Group gap="sm" wrap="wrap">
          <DayFilter key={timelineId} timelineId={timelineId} day={day} onChange={setDay} />
          {/* issue 24: the dialog starts from the timeline in view. */}
          <Button variant="light" size="md" leftSection={<IconBook size={18} />} onClick={() => openDialog('book')}>
            {messages.makeBook}
          </Button>
        </Group>
      </Group>
      {/* issue 26: her memories filed here that wait on this device, above those the server has. */}
      <WaitingMemories timelineId={timelineId} />
      <TimelineFeed
        timelineId={timelineId}
        filter={filter}
        filtered={day !== null}
        waiting={waiting}
        onOpen={openMemory}
        onViewImage={viewImage}
        onCapture={() => openDialog('capture')}
        onClearFilter={() => setDay(null)}
      />
      {viewer && <ImageViewer images={viewer} onClose={closeViewer} />}
    </Stack>
  );
}

// memories §2 "Bulk Download Memories dialog", §4 (choose dates, the preview loads, then
// Download All), §5 (no future dates, the start not after the end, Download All only once the
// preview holds a memory), §7 (one archive per month, 500 ms apart), §8 (the toasts).
// Loaded lazily by LazyBulkDownloadDialog.
import '../../components/dates.css';
import { Alert, Button, Group, Modal, Progress, ScrollArea, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { MEMORY_EARLIEST_YEAR } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { useApiMutation } from '../../api/useApiMutation';
import { localDay } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { useActiveTimeline } from '../timelines';
import { bulkRangeProblems, monthLabel, monthsOf, rangeInstants } from './bulkRange';
import { BulkPreview } from './BulkPreview';
import { downloadMonths, NothingDownloaded, type MonthsOutcome, type MonthsProgress } from './downloadMonths';
import { useBulkPreview } from './useBulkPreview';

export function BulkDownloadDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={messages.bulkDownloadTitle}
      size="lg"
      closeButtonProps={{ 'aria-label': messages.bulkDownloadClose }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {/* Mounted while open: closing stops a download under way and the next opening starts afresh. */}
      <BulkDownload />
    </Modal>
  );
}

function BulkDownload() {
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const today = localDay(new Date());
  const problems = bulkRangeProblems(start, end, today);
  const days = start && end && !problems.start && !problems.end ? { start, end } : null;
  const { active } = useActiveTimeline();
  const timelineId = active?.id ?? null;
  const preview = useBulkPreview(days, timelineId);
  const months = monthsOf(preview.data ?? []);

  const [progress, setProgress] = useState<MonthsProgress | null>(null);
  const [outcome, setOutcome] = useState<MonthsOutcome | null>(null);
  const stopper = useRef<AbortController | null>(null);
  useEffect(() => () => stopper.current?.abort(), []);

  const run = useApiMutation<void, MonthsOutcome>({
    mutationFn: () => {
      const range = rangeInstants(days!.start, days!.end);
      stopper.current = new AbortController();
      setOutcome(null);
      return downloadMonths(
        months.map((each) => each.month),
        (month) => api.archives.monthUrl({ month, ...range, timelineId }),
        { onProgress: setProgress, signal: stopper.current.signal },
      );
    },
    success: () => ({ title: messages.downloadComplete, message: messages.bulkDownloadCompleteDetail }),
    error: false,
    onSuccess: (result) => {
      setProgress(null);
      setOutcome(result);
    },
    onError: (error) => {
      setProgress(null);
      if (stopper.current?.signal.aborted) return;
      if (error instanceof NothingDownloaded) setOutcome({ downloaded: [], failed: error.failed });
      toast.error(messages.bulkDownloadFailedDetail, messages.bulkDownloadFailed);
    },
  });
  const running = run.isPending;
  // A new choice of dates is a new download: what the last one skipped no longer applies.
  const choose = (set: (day: string | null) => void) => (day: string | null) => {
    setOutcome(null);
    set(day);
  };

  return (
    <Stack gap="md">
      <Text>{active ? messages.bulkFromTimeline(active.name) : messages.bulkFromEverything}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <DayPicker label={messages.bulkStartDate} value={start} onChange={choose(setStart)} error={problems.start} today={today} disabled={running} autoFocus />
        <DayPicker label={messages.bulkEndDate} value={end} onChange={choose(setEnd)} error={problems.end} today={today} disabled={running} />
      </SimpleGrid>

      {days === null ? (
        <Text c="dimmed">{messages.bulkChooseDates}</Text>
      ) : preview.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={messages.bulkPreviewLoading}>
          <Skeleton h={24} w="50%" radius="sm" />
          <Skeleton h={64} radius="md" />
        </Stack>
      ) : preview.isError ? (
        <Alert color="red" title={messages.bulkPreviewFailed}>
          <Button variant="light" color="red" mt="xs" onClick={() => void preview.refetch()}>
            {messages.bulkPreviewRetry}
          </Button>
        </Alert>
      ) : (
        <Text fw={600} aria-live="polite">
          {preview.data.length === 0 ? messages.bulkPreviewEmpty : messages.bulkPreviewCount(preview.data.length, months.length)}
        </Text>
      )}

      {progress && (
        <Stack gap={4}>
          <Text aria-live="polite">
            {messages.bulkMonthProgress(progress.index + 1, months.length)} · {months[progress.index]?.label}
          </Text>
          <Progress
            value={progress.percent ?? 100}
            striped={progress.percent === null}
            animated={progress.percent === null}
            size="lg"
            aria-label={messages.bulkDownloadProgress}
          />
          <Text c="dimmed">{messages.bulkKeepOpen}</Text>
        </Stack>
      )}
      {outcome && outcome.failed.length > 0 && (
        <Alert color="orange" title={messages.bulkMonthsSkipped}>
          {outcome.failed.map(monthLabel).join(', ')}
        </Alert>
      )}

      <Group justify="flex-end">
        {running && (
          <Button variant="default" size="md" onClick={() => stopper.current?.abort()}>
            {messages.bulkStop}
          </Button>
        )}
        <Button
          size="md"
          leftSection={<IconDownload size={18} />}
          // memories §5: only once the preview holds at least one memory.
          disabled={!preview.data?.length}
          loading={running}
          onClick={() => run.mutate()}
        >
          {messages.bulkDownloadAll}
        </Button>
      </Group>

      {months.length > 0 && <BulkPreview months={months} />}
    </Stack>
  );
}

interface DayPickerProps {
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
  error?: string;
  today: string;
  disabled: boolean;
  autoFocus?: boolean;
}

function DayPicker({ label, value, onChange, error, today, disabled, autoFocus }: DayPickerProps) {
  return (
    <DatePickerInput
      label={label}
      placeholder={messages.bulkPickDay}
      size="md"
      value={value}
      onChange={onChange}
      error={error}
      errorProps={{ fz: 'md' }}
      // memories §5: no future days; the year stepper stops at 1900 (§9).
      minDate={`${MEMORY_EARLIEST_YEAR}-01-01`}
      maxDate={today}
      valueFormat="MMM D, YYYY"
      clearable
      clearButtonProps={{ 'aria-label': messages.bulkClearDay(label) }}
      disabled={disabled}
      nextLabel={messages.datesNextMonth}
      previousLabel={messages.datesPreviousMonth}
      data-autofocus={autoFocus || undefined}
    />
  );
}

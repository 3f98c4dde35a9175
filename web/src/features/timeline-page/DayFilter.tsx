// memories §2 "Timeline page": a calendar popover that filters by one day. Only days that
// hold memories can be chosen, never a future day; a year stepper bounded 1900..this year
// (memories §5, §9), month arrows and 'Clear Date'.
import '../../components/dates.css';
import { ActionIcon, Button, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { MEMORY_EARLIEST_YEAR } from '../../../../common/limits';
import { localDay } from '../../lib/dates';
import { dayLabel, parseDayKey } from './dayRange';
import { useMemoryDays } from './useTimelineMemories';
import { messages } from '../../../../common/messages';

const monthStart = (year: number, month: number) => localDay(new Date(year, month, 1));

export function DayFilter({ timelineId, day, onChange }: { timelineId: string; day: string | null; onChange: (day: string | null) => void }) {
  const [opened, setOpened] = useState(false);
  const { days, isLoading, isError } = useMemoryDays(timelineId, opened);
  const withMemories = useMemo(() => new Set(days ?? []), [days]);
  const today = new Date();
  const todayKey = localDay(today);
  const thisYear = today.getFullYear();
  // The month on show: the chosen day's, else the newest day with memories, else this month.
  const [shown, setShown] = useState<string | null>(null);
  const newest = days?.reduce<string | null>((latest, value) => (!latest || value > latest ? value : latest), null) ?? null;
  const displayed = shown ?? day ?? newest ?? todayKey;
  const displayedDate = parseDayKey(displayed);
  const year = displayedDate.getFullYear();

  const stepYear = (step: number) => {
    const target = Math.min(thisYear, Math.max(MEMORY_EARLIEST_YEAR, year + step));
    // Never onto a month after this one (memories §5: no future dates).
    const month = target === thisYear ? Math.min(displayedDate.getMonth(), today.getMonth()) : displayedDate.getMonth();
    setShown(monthStart(target, month));
  };

  const choose = (value: string | null) => {
    onChange(value);
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Button
          variant={day ? 'filled' : 'light'}
          leftSection={<IconCalendar size={20} />}
          onClick={() => {
            setShown(null);
            setOpened((value) => !value);
          }}
          aria-haspopup="dialog"
          aria-expanded={opened}
          aria-label={day ? messages.dayFilterChosen(dayLabel(day)) : messages.dayFilter}
        >
          {day ? dayLabel(day) : messages.dayFilter}
        </Button>
      </Popover.Target>
      {/* Mantine makes this a dialog named by the button that opens it. */}
      <Popover.Dropdown>
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <ActionIcon size={44} variant="subtle" aria-label={messages.datesPreviousYear} disabled={year <= MEMORY_EARLIEST_YEAR} onClick={() => stepYear(-1)}>
              <IconChevronLeft size={20} />
            </ActionIcon>
            <Text fw={700} aria-live="polite" data-testid="calendar-year">
              {year}
            </Text>
            <ActionIcon size={44} variant="subtle" aria-label={messages.datesNextYear} disabled={year >= thisYear} onClick={() => stepYear(1)}>
              <IconChevronRight size={20} />
            </ActionIcon>
          </Group>
          <DatePicker
            value={day}
            onChange={(value) => choose(value)}
            date={displayed}
            onDateChange={setShown}
            maxLevel="month"
            minDate={`${MEMORY_EARLIEST_YEAR}-01-01`}
            maxDate={todayKey}
            excludeDate={(value) => !withMemories.has(value)}
            getDayAriaLabel={(value) => (withMemories.has(value) ? messages.dayWithMemories(dayLabel(value)) : dayLabel(value))}
            previousLabel={messages.datesPreviousMonth}
            nextLabel={messages.datesNextMonth}
            ariaLabels={{ previousMonth: messages.datesPreviousMonth, nextMonth: messages.datesNextMonth }}
            size="md"
          />
          {isLoading && (
            <Group gap="xs" justify="center">
              <Loader size="sm" />
              <Text c="dimmed">{messages.dayFilterLoading}</Text>
            </Group>
          )}
          {isError && <Text c="red">{messages.dayFilterFailed}</Text>}
          <Button variant="default" onClick={() => choose(null)} disabled={!day}>
            {messages.clearDate}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

// memories §2 "Search Memories dialog": a text box, an optional date range, only memories with
// photos, the person's timelines; the results, 'No results found' when there are none or the
// search failed (§8), and 'Enter at least 2 characters to search' until there is enough to go
// on (§5). A result opens the memory detail dialog above this one, so closing it comes back
// to the results. The results come a page at a time (useMemorySearch); the count says so until
// the last has come. On a phone the filters wait behind a 'Filters' button, which says how many
// are on, so the box and the first results share the screen with the keyboard. Loaded lazily by
// LazySearchDialog.
import '../../components/dates.css';
import { Button, Collapse, Group, Loader, Modal, MultiSelect, ScrollArea, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { MEMORY_EARLIEST_YEAR, MOBILE_WIDTH, SEARCH_MAX_LENGTH } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { DisclosureChevron } from '../../components/DisclosureChevron';
import { modalAbove } from '../../components/modalAbove';
import { localDay } from '../../lib/dates';
import { useOpenMemory } from '../memories';
import { useTimelines } from '../timelines';
import { firstResult, SearchResults } from './SearchResults';
import { useMemorySearch, type MemorySearch, type SearchFilters } from './useMemorySearch';

const noFilters: SearchFilters = { dates: [null, null], withImages: false, timelineIds: [] };

/** How many of the filters narrow the search now. */
const filtersOn = ({ dates, withImages, timelineIds }: SearchFilters) =>
  (dates[0] || dates[1] ? 1 : 0) + (withImages ? 1 : 0) + (timelineIds.length > 0 ? 1 : 0);

export function SearchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const root = useRef<HTMLDivElement>(null);
  // Escape with a memory opened from the results closes only the memory: the results stay.
  const close = () => {
    if (!modalAbove(root.current)) onClose();
  };
  return (
    <Modal
      ref={root}
      opened={opened}
      onClose={close}
      title={messages.searchTitle}
      size="lg"
      closeButtonProps={{ 'aria-label': messages.searchClose }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {/* Mounted while open: each opening starts a new search. */}
      <SearchForm />
    </Modal>
  );
}

function SearchForm() {
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<SearchFilters>(noFilters);
  const change = (part: Partial<SearchFilters>) => setFilters((current) => ({ ...current, ...part }));
  const search = useMemorySearch(text, filters);
  const { timelines } = useTimelines();
  const openMemory = useOpenMemory();
  const searchBox = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Read before the first paint, so a phone never shows the filters only to fold them away.
  const phone = useMediaQuery(`(max-width: ${MOBILE_WIDTH}px)`, undefined, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();

  return (
    <Stack gap="md">
      <TextInput
        ref={searchBox}
        label={messages.searchLabel}
        description={messages.searchHelp}
        size="md"
        type="search"
        leftSection={<IconSearch size={20} aria-hidden />}
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          const first = firstResult(list.current);
          if (!first) return;
          event.preventDefault();
          first.focus();
        }}
        data-autofocus
      />
      {phone && <FiltersButton id={filtersId} expanded={filtersOpen} on={filtersOn(filters)} onToggle={() => setFiltersOpen((open) => !open)} />}
      <Collapse expanded={!phone || filtersOpen} id={filtersId} keepMountedMode="display-none">
        <Stack gap="md">
          <DatePickerInput
            type="range"
            label={messages.searchDates}
            placeholder={messages.searchAnyDate}
            size="md"
            value={filters.dates}
            onChange={(dates) => change({ dates })}
            allowSingleDateInRange
            clearable
            clearButtonProps={{ 'aria-label': messages.searchClearDates }}
            // memories §5: no future days (today on the person's own calendar); the earliest year is the product's (§9).
            minDate={`${MEMORY_EARLIEST_YEAR}-01-01`}
            maxDate={localDay(new Date())}
            valueFormat="MMM D, YYYY"
            nextLabel={messages.datesNextMonth}
            previousLabel={messages.datesPreviousMonth}
          />
          <MultiSelect
            label={messages.searchTimelines}
            placeholder={filters.timelineIds.length ? undefined : messages.searchAllTimelines}
            size="md"
            data={timelines.map((timeline) => ({ value: timeline.id, label: timeline.name }))}
            value={filters.timelineIds}
            onChange={(timelineIds) => change({ timelineIds })}
            clearable
            clearButtonProps={{ 'aria-label': messages.searchClearTimelines }}
          />
          <Switch
            label={messages.searchWithImages}
            size="md"
            checked={filters.withImages}
            onChange={(event) => change({ withImages: event.currentTarget.checked })}
          />
        </Stack>
      </Collapse>
      <SearchStatus search={search} />
      {!search.tooShort && search.results && search.results.length > 0 && (
        <SearchResults results={search.results} words={search.words} onOpen={openMemory} list={list} searchBox={searchBox} more={search} />
      )}
    </Stack>
  );
}

/** The phone's way to the filters: folded until asked for, and saying how many are on meanwhile. */
function FiltersButton({ id, expanded, on, onToggle }: { id: string; expanded: boolean; on: number; onToggle: () => void }) {
  return (
    <Button
      variant="default"
      size="md"
      fullWidth
      justify="space-between"
      leftSection={<IconAdjustmentsHorizontal size={20} aria-hidden />}
      rightSection={<DisclosureChevron expanded={expanded} />}
      aria-expanded={expanded}
      aria-controls={id}
      onClick={onToggle}
    >
      {on > 0 ? messages.searchFiltersOn(on) : messages.searchFilters}
    </Button>
  );
}

/** What the search is doing, read out as it changes. */
function SearchStatus({ search }: { search: MemorySearch }) {
  const { tooShort, searching, results, hasMore } = search;
  const waiting = results === undefined || (results.length === 0 && searching);
  return (
    <div aria-live="polite">
      {tooShort ? (
        <Text c="dimmed">{messages.searchHint}</Text>
      ) : waiting ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text>{messages.searchSearching}</Text>
        </Group>
      ) : results.length === 0 ? (
        <Text fw={600}>{messages.searchNoResults}</Text>
      ) : (
        <Group gap="xs">
          {/* The total is known only once the last page has come. */}
          <Text c="dimmed">{hasMore ? messages.searchResultCountMore(results.length) : messages.searchResultCount(results.length)}</Text>
          {searching && <Loader size="sm" aria-label={messages.searchSearching} />}
        </Group>
      )}
    </div>
  );
}

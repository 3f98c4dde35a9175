// memories §2: the results list (title, date, snippet, a thumbnail when there is one), the
// matched words marked. Each result is a button: Tab or the arrow keys move through them and
// Enter opens one; the up arrow from the first goes back to the text box. The results come a
// page at a time: the next loads as the end of the list nears view, and a 'More results'
// button does the same for keyboards and screen readers.
import { Alert, Button, Group, Image, Loader, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { SNIPPET_COMPACT_MAX } from '../../../../common/limits';
import type { Memory } from '../../../../common/memories';
import { imageUrlOf, mediaUrl, relativeMemoryDate } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import { Highlight } from './Highlight';
import { matchSnippet } from './highlight';
import classes from './Search.module.css';
import type { MemorySearch } from './useMemorySearch';

interface SearchResultsProps {
  results: Memory[];
  words: readonly string[];
  onOpen: (memoryId: string) => void;
  list: RefObject<HTMLUListElement | null>;
  /** Where the up arrow goes from the first result. */
  searchBox: RefObject<HTMLInputElement | null>;
  /** The pages still to come. */
  more: Pick<MemorySearch, 'hasMore' | 'loadingMore' | 'loadMoreFailed' | 'loadMore'>;
}

/** The first result's button, for the text box's down arrow. */
export function firstResult(list: HTMLUListElement | null): HTMLButtonElement | null {
  return list?.querySelector('button') ?? null;
}

export function SearchResults({ results, words, onOpen, list, searchBox, more }: SearchResultsProps) {
  const move = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? buttons[Math.min(at + 1, buttons.length - 1)] : at === 0 ? searchBox.current : buttons[at - 1];
    next?.focus();
  };

  return (
    <>
      <ul className={classes.list} aria-label={messages.searchResults} ref={list} onKeyDown={move}>
        {results.map((memory) => (
          <li key={memory.id}>
            <SearchResult memory={memory} words={words} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      <MoreResults found={results.length} list={list} {...more} />
    </>
  );
}

/**
 * The sentinel that asks for the next page as it nears view, and the 'More results' button.
 * When the button asked, or had the focus as the page was asked for (Tab to it scrolls it into
 * view, and the sentinel with it), focus goes on to the first new result: the button may be
 * gone with the last page, and reading on is what was asked.
 */
function MoreResults({ found, list, hasMore, loadingMore, loadMoreFailed, loadMore }: { found: number; list: RefObject<HTMLUListElement | null> } & SearchResultsProps['more']) {
  const sentinel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  /** Where the page being loaded begins, when focus should go there once it comes. */
  const focusFrom = useRef<number | null>(null);

  const loadNext = useCallback(
    (asked: boolean) => {
      if (asked || document.activeElement === button.current) focusFrom.current = found;
      loadMore();
    },
    [found, loadMore],
  );

  // Not after a failed page: the sentinel still in view would ask again and again; the button asks.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loadingMore || loadMoreFailed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadNext(false), {
      // The dialog scrolls inside itself: a margin on the window would be cut off by it.
      root: scrollingAncestor(element),
      rootMargin: '400px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, loadMoreFailed, loadNext]);

  useEffect(() => {
    const at = focusFrom.current;
    if (at === null || loadingMore) return;
    focusFrom.current = null;
    if (found > at) list.current?.querySelectorAll('button')[at]?.focus();
  }, [found, loadingMore, list]);

  return (
    <>
      <div ref={sentinel} />
      {loadMoreFailed && (
        <Alert color="red" title={messages.searchMoreFailed} role="alert">
          {messages.searchMoreFailedDetail}
        </Alert>
      )}
      {hasMore && (
        // Not Mantine's `loading`: it disables the button, and a disabled button drops the focus.
        <Button
          ref={button}
          variant="default"
          size="md"
          fullWidth
          className={classes.more}
          aria-busy={loadingMore}
          leftSection={loadingMore ? <Loader size="xs" aria-hidden /> : undefined}
          onClick={() => loadNext(true)}
        >
          {loadingMore ? messages.searchLoadingMore : messages.searchMoreResults}
        </Button>
      )}
      {/* Always there, so a screen reader hears it when the words come. */}
      <VisuallyHidden role="status" aria-live="polite">
        {loadingMore ? messages.searchLoadingMore : ''}
      </VisuallyHidden>
    </>
  );
}

/** The nearest ancestor that scrolls (the dialog's body), or null for the window. */
function scrollingAncestor(element: Element): Element | null {
  for (let at = element.parentElement; at; at = at.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(at).overflowY)) return at;
  }
  return null;
}

/** The first photo's thumbnail, else a video's stored frame. */
function thumbnailOf(memory: Memory): string | null {
  const image = memory.images[0];
  if (image) return imageUrlOf(image, true);
  const frame = memory.videos.find((video) => video.thumbnailUrl)?.thumbnailUrl;
  return frame ? mediaUrl(frame) : null;
}

function SearchResult({ memory, words, onOpen }: { memory: Memory; words: readonly string[]; onOpen: (memoryId: string) => void }) {
  const thumbnail = thumbnailOf(memory);
  const snippet = matchSnippet(memory, words, SNIPPET_COMPACT_MAX);
  return (
    <UnstyledButton className={classes.result} onClick={() => onOpen(memory.id)}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {thumbnail ? (
          <Image src={thumbnail} alt="" w={64} h={64} radius="md" fit="cover" className={classes.thumbnail} />
        ) : (
          <ThemeIcon size={64} radius="md" variant="light" aria-hidden className={classes.thumbnail}>
            <IconNotes size={28} />
          </ThemeIcon>
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} className={classes.words}>
            <Highlight text={memory.title} words={words} />
          </Text>
          <Text c="dimmed" component="time" dateTime={memory.createdAt}>
            {relativeMemoryDate(memory.createdAt)}
          </Text>
          {snippet && (
            <Text className={classes.words}>
              <Highlight text={snippet} words={words} />
            </Text>
          )}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

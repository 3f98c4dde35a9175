// memories §2: the results list (title, date, snippet, a thumbnail when there is one), the
// matched words marked. Each result is a button: Tab or the arrow keys move through them and
// Enter opens one; the up arrow from the first goes back to the text box.
import { Group, Image, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import type { KeyboardEvent, RefObject } from 'react';
import { SNIPPET_COMPACT_MAX } from '../../../../common/limits';
import type { Memory } from '../../../../common/memories';
import { imageUrlOf, mediaUrl, relativeMemoryDate } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import { Highlight } from './Highlight';
import { matchSnippet } from './highlight';
import classes from './Search.module.css';

interface SearchResultsProps {
  results: Memory[];
  words: readonly string[];
  onOpen: (memoryId: string) => void;
  list: RefObject<HTMLUListElement | null>;
  /** Where the up arrow goes from the first result. */
  searchBox: RefObject<HTMLInputElement | null>;
}

/** The first result's button, for the text box's down arrow. */
export function firstResult(list: HTMLUListElement | null): HTMLButtonElement | null {
  return list?.querySelector('button') ?? null;
}

export function SearchResults({ results, words, onOpen, list, searchBox }: SearchResultsProps) {
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
    <ul className={classes.list} aria-label={messages.searchResults} ref={list} onKeyDown={move}>
      {results.map((memory) => (
        <li key={memory.id}>
          <SearchResult memory={memory} words={words} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
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

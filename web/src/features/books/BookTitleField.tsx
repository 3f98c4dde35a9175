// The book's title (issue 24): its ceiling said from the start and counted down near the end,
// as the memory's title field does (common/title-rules.ts's countdown); a longer paste is cut
// at the ceiling in the field with the reason, never refused at Make.
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { BOOK_TITLE_MAX } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { TITLE_COUNTDOWN_FROM } from '../../../../common/title-rules';

/** At most BOOK_TITLE_MAX UTF-16 units (the server's count), cut between code points. */
function fitTitle(typed: string): { title: string; cut: boolean } {
  if (typed.length <= BOOK_TITLE_MAX) return { title: typed, cut: false };
  let title = '';
  for (const character of Array.from(typed)) {
    if (title.length + character.length > BOOK_TITLE_MAX) break;
    title += character;
  }
  return { title, cut: true };
}

function titleHint(title: string): string {
  const left = BOOK_TITLE_MAX - title.length;
  return left <= TITLE_COUNTDOWN_FROM ? messages.titleCharactersLeft(Math.max(0, left)) : messages.titleLengthHint(BOOK_TITLE_MAX);
}

export function BookTitleField({ value, onChange, error }: { value: string; onChange: (title: string) => void; error?: string }) {
  const [cut, setCut] = useState(false);
  const shownError = error ?? (cut ? messages.titleTooLongInField(BOOK_TITLE_MAX) : undefined);
  return (
    <TextInput
      size="md"
      label={messages.bookTitleLabel}
      value={value}
      onChange={(event) => {
        const entry = fitTitle(event.currentTarget.value);
        setCut(entry.cut);
        onChange(entry.title);
      }}
      // Polite: the countdown is read out as it changes, without interrupting typing.
      description={<span aria-live="polite">{titleHint(value)}</span>}
      descriptionProps={{ fz: 'md' }}
      error={shownError && <span role="alert">{shownError}</span>}
      errorProps={{ fz: 'md' }}
    />
  );
}

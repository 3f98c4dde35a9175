import { Mark } from '@mantine/core';
import { Fragment } from 'react';
import { highlightParts } from './highlight';

/** `text` with every match of `words` in a <mark> (issue 10: matches are highlighted). */
export function Highlight({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlightParts(text, words).map((part, index) =>
        part.match ? <Mark key={index}>{part.text}</Mark> : <Fragment key={index}>{part.text}</Fragment>,
      )}
    </>
  );
}

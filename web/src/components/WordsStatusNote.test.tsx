// @vitest-environment jsdom
// Issue 22 "Every recording gets its words": the quiet line where the words will be, in a
// polite live region, for words on their way and for words that could not be written.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../common/messages';
import { installBrowserStandIns, renderWithMantine } from '../test/renderWithMantine';
import { wordsStatusLine, WordsStatusNote } from './WordsStatusNote';

beforeEach(() => installBrowserStandIns());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the words status line', () => {
  it.each([
    ['queued', 'Writing down what was said…'],
    ['working', 'Writing down what was said…'],
    ['failed', 'The words could not be written down; the recording is kept.'],
    ['done', null],
    ['none', null],
    [undefined, null],
  ] as const)("for '%s' says %j", (status, line) => {
    expect(wordsStatusLine(status)).toBe(line);
  });

  it('sits in a polite live region (role status), as quiet secondary text', () => {
    renderWithMantine(<WordsStatusNote status="working" />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe(messages.wordsOnTheirWay);
    // role=status is aria-live polite: read when it changes, never interrupting.
    expect(region.getAttribute('aria-live')).not.toBe('assertive');
    expect((region.firstChild as HTMLElement).style.color).toBe('var(--mantine-color-dimmed)');
  });

  it('keeps the same region and text through a poll that brings the same status, and changes it once it fails', () => {
    const view = renderWithMantine(<WordsStatusNote status="queued" />);
    const region = screen.getByRole('status');
    const line = region.firstChild;
    view.rerender(<WordsStatusNote status="working" />);
    // The same nodes: a screen reader has nothing new to announce.
    expect(screen.getByRole('status')).toBe(region);
    expect(region.firstChild).toBe(line);
    view.rerender(<WordsStatusNote status="failed" />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe(messages.wordsFailed);
  });
});

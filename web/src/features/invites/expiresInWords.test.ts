// Issue 20: the invite's life in words beside its link, from the answer's expiresAt.
import { describe, expect, it } from 'vitest';
import { expiresInWords } from './expiresInWords';

const now = Date.parse('2026-11-25T12:00:00Z');
const inMs = (ms: number) => new Date(now + ms).toISOString();
const HOUR = 3_600_000;

describe('expiresInWords', () => {
  it('says "Expires in 48 hours" for a link made a moment ago with the default 48 h life', () => {
    expect(expiresInWords(inMs(48 * HOUR - 1_500), now)).toBe('Expires in 48 hours');
  });
  it('rounds to whole hours, and says 1 hour in the singular', () => {
    expect(expiresInWords(inMs(47.4 * HOUR), now)).toBe('Expires in 47 hours');
    expect(expiresInWords(inMs(1.2 * HOUR), now)).toBe('Expires in 1 hour');
  });
  it('counts minutes in the last hour', () => {
    expect(expiresInWords(inMs(25 * 60_000), now)).toBe('Expires in 25 minutes');
    expect(expiresInWords(inMs(40_000), now)).toBe('Expires in 1 minute');
  });
  it('says the link has expired once its time is past, or unreadable', () => {
    expect(expiresInWords(inMs(-1), now)).toBe('This link has expired. Make a new one.');
    expect(expiresInWords('not a date', now)).toBe('This link has expired. Make a new one.');
  });
});

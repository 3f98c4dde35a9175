import { describe, expect, it } from 'vitest';
import { dayInWords, dayInstants, dayShort, defaultBookDays } from './bookDays';
import { sizeInWords } from './bookSize';

describe('the days of a book', () => {
  it('defaults to the last twelve months ending today, both days included, as the server does', () => {
    expect(defaultBookDays(new Date(2026, 10, 26, 15, 30))).toEqual({ start: '2025-11-27', end: '2026-11-26' });
    // The last day of a year: the twelve months start on the first day of it.
    expect(defaultBookDays(new Date(2026, 11, 31))).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    // A leap day: a year before it there is no 29 February, so the range starts on 1 March.
    expect(defaultBookDays(new Date(2028, 1, 29))).toEqual({ start: '2027-03-01', end: '2028-02-29' });
  });

  it('reads the days in words', () => {
    expect(dayInWords('2025-11-27')).toBe('November 27, 2025');
    expect(dayShort('2025-06-01')).toBe('Jun 1, 2025');
  });

  it('gives the instants of the first day from midnight and of the last to its end, on the local calendar', () => {
    const { start, end } = dayInstants('2025-06-01', '2025-08-31');
    expect(new Date(start)).toEqual(new Date(2025, 5, 1));
    expect(new Date(end)).toEqual(new Date(2025, 7, 31, 23, 59, 59, 999));
  });
});

describe('sizeInWords', () => {
  it('says a size in the unit a phone would', () => {
    expect(sizeInWords(900)).toBe('900 bytes');
    expect(sizeInWords(345_678)).toBe('346 KB');
    expect(sizeInWords(999_600)).toBe('1 MB');
    expect(sizeInWords(3_400_000)).toBe('3.4 MB');
    expect(sizeInWords(1_250_000_000)).toBe('1.3 GB');
  });
});

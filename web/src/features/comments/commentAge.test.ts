import { describe, expect, it } from 'vitest';
import { commentAge } from './commentAge';

const now = new Date('2024-06-15T12:00:00Z');

describe('the age of a comment', () => {
  it("reads as a relative time followed by 'ago'", () => {
    expect(commentAge('2024-06-15T11:55:00Z', now)).toBe('5 minutes ago');
    expect(commentAge('2024-06-13T12:00:00Z', now)).toBe('2 days ago');
  });

  it('never reads as the future when the clocks disagree', () => {
    expect(commentAge('2024-06-15T12:00:30Z', now)).toBe('a few seconds ago');
  });
});

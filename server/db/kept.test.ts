import { describe, expect, it } from 'vitest';
import { Kept } from './kept.js';

describe('Kept', () => {
  const bytes = () => new Kept<string>(25, (value) => value.length);

  it('gives a value back only at the version it was kept at', () => {
    const kept = bytes();
    kept.keep('page', 7, 'first');
    expect(kept.get('page', 7)).toBe('first');
    expect(kept.get('page', 8)).toBeUndefined();
    expect(kept.get('other', 7)).toBeUndefined();
    kept.keep('page', 8, 'second');
    expect(kept.get('page', 8)).toBe('second');
    expect(kept.get('page', 7)).toBeUndefined();
    expect(kept.size).toEqual({ entries: 1, weight: 6 });
  });

  it('drops everything kept once a newer version is kept, and keeps nothing read at an older one', () => {
    const kept = bytes();
    kept.keep('a', 1, 'aaa');
    kept.keep('b', 1, 'bbb');
    kept.keep('c', 2, 'ccc');
    expect(kept.size).toEqual({ entries: 1, weight: 3 });
    expect(kept.get('a', 1)).toBeUndefined();
    // A request that read version 1 before the write finishes late.
    kept.keep('a', 1, 'old');
    expect(kept.get('a', 1)).toBeUndefined();
    expect(kept.size).toEqual({ entries: 1, weight: 3 });
    expect(kept.get('c', 2)).toBe('ccc');
  });

  it('stays within its weight, letting the least recently used go first', () => {
    const kept = bytes();
    kept.keep('a', 1, 'a'.repeat(10));
    kept.keep('b', 1, 'b'.repeat(10));
    // 'a' asked for again, so 'b' is now the oldest.
    expect(kept.get('a', 1)).toBe('a'.repeat(10));
    kept.keep('c', 1, 'c'.repeat(10));
    expect(kept.size).toEqual({ entries: 2, weight: 20 });
    expect(kept.get('b', 1)).toBeUndefined();
    expect(kept.get('a', 1)).toBe('a'.repeat(10));
    expect(kept.get('c', 1)).toBe('c'.repeat(10));
  });

  it('never keeps a value heavier than all it may hold, and forgets what that key held before', () => {
    const kept = bytes();
    kept.keep('huge', 1, 'small');
    kept.keep('huge', 2, 'h'.repeat(26));
    expect(kept.get('huge', 2)).toBeUndefined();
    expect(kept.get('huge', 1)).toBeUndefined();
    expect(kept.size).toEqual({ entries: 0, weight: 0 });
  });

  it('counts entries when each weighs one', () => {
    const kept = new Kept<object>(2, () => 1);
    for (const key of ['x', 'y', 'z']) kept.keep(key, 1, {});
    expect(kept.size).toEqual({ entries: 2, weight: 2 });
    expect(kept.get('x', 1)).toBeUndefined();
  });
});

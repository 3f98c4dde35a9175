import { describe, expect, it } from 'vitest';
import type { Memory } from '../../../common/memories';
import { uniqueMemories } from './memoryPages';

const memory = (id: string) => ({ id, title: id }) as Memory;

describe('uniqueMemories', () => {
  it('keeps the first copy of a memory that two pages both carry, in order', () => {
    expect(uniqueMemories([{ memories: [memory('b'), memory('a')] }, { memories: [memory('a'), memory('c')] }]).map((item) => item.id)).toEqual(['b', 'a', 'c']);
    expect(uniqueMemories([])).toEqual([]);
  });
});

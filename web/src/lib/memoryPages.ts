// The memories of a list read a page at a time (a timeline's, search's): each shown once.
import type { Memory } from '../../../common/memories';

/**
 * The pages' memories in order, each once: the same memory can come in two pages when one
 * is added or redated between their fetches and shifts the boundary; the first copy stays.
 */
export function uniqueMemories(pages: ReadonlyArray<{ memories: readonly Memory[] }>): Memory[] {
  const seen = new Set<string>();
  const memories: Memory[] = [];
  for (const page of pages) {
    for (const memory of page.memories) {
      if (seen.has(memory.id)) continue;
      seen.add(memory.id);
      memories.push(memory);
    }
  }
  return memories;
}

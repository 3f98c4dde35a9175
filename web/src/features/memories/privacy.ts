// Issue 9 "Sharing": a memory is private when no one but its creator may see it. Since issue 20
// that is its audience, not the length of its sharedWith: a 'timeline' memory saved while its
// creator is alone on the timeline lists only them, yet everyone who joins will see it.
import type { Memory } from './types';

export function isPrivateMemory(memory: Pick<Memory, 'audience'>): boolean {
  return memory.audience === 'private';
}

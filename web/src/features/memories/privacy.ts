// Issue 9 "Sharing": a memory is private when no one but its creator may see it. sharedWith
// always holds the creator (memories §6), so private is "nobody else in the list".
import type { Memory } from './types';

export function isPrivateMemory(memory: Pick<Memory, 'sharedWith' | 'userId'>): boolean {
  return memory.sharedWith.every((userId) => userId === memory.userId);
}

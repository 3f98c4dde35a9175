// Pure rules of the Share Memory dialog (memories §2, §4, §6).
import { messages } from '../../../../common/messages';

export interface Person {
  id: string;
}

/** memories §7: the member lists of the memory's timelines, merged and de-duplicated by id, without the current user (§6). */
export function mergeMembers<T extends Person>(lists: ReadonlyArray<readonly T[] | undefined>, currentUserId: string): T[] {
  const seen = new Map<string, T>();
  for (const list of lists) {
    for (const person of list ?? []) {
      if (person.id !== currentUserId && !seen.has(person.id)) seen.set(person.id, person);
    }
  }
  return [...seen.values()];
}

/** memories §4: the selection starts from sharedWith, without the current user. */
export function initialSelection(sharedWith: readonly string[], currentUserId: string): string[] {
  return [...new Set(sharedWith)].filter((id) => id !== currentUserId);
}

/** memories §2: the button says what pressing it will do. */
export function shareButtonLabel(selectedCount: number, memberCount: number): string {
  if (selectedCount === 0) return messages.shareMakePrivate;
  if (selectedCount >= memberCount) return messages.shareAllMembers;
  return messages.shareUpdateSettings;
}

/** memories §6: the list sent always includes the current user; only offered members are sent. */
export function userIdsToSend(selected: readonly string[], offered: readonly Person[], currentUserId: string): string[] {
  const offeredIds = new Set(offered.map((person) => person.id));
  return [currentUserId, ...selected.filter((id) => offeredIds.has(id) && id !== currentUserId)];
}

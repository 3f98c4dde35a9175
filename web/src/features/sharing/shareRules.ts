// Pure rules of the Share Memory dialog (memories §2, §4, §6).
import type { Audience } from '../../../../common/memories';
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

/**
 * memories §2: the button says what pressing it will do, which is the audience it asks for:
 * all members ('Share with All Timeline Members', also while nobody else is listed yet: those
 * who join, issue 20), none ('Make Memory Private') or some ('Update Sharing Settings').
 */
export function shareButtonLabel(audience: Audience): string {
  if (audience === 'timeline') return messages.shareAllMembers;
  if (audience === 'private') return messages.shareMakePrivate;
  return messages.shareUpdateSettings;
}

/** memories §6: the list sent always includes the current user; only offered members are sent. */
export function userIdsToSend(selected: readonly string[], offered: readonly Person[], currentUserId: string): string[] {
  const offeredIds = new Set(offered.map((person) => person.id));
  return [currentUserId, ...selected.filter((id) => offeredIds.has(id) && id !== currentUserId)];
}

/**
 * issue 20 "Who sees a memory": the audience a selection asks for. Every listed member chosen
 * means everyone on the memory's timelines, now and later; some means those people; none
 * means the creator alone. With nobody else listed yet there is nobody to tick, so the person
 * says it in one box (`joinersWhenAlone`): those who join, or nobody (a lone member must still
 * be able to make a memory private).
 */
export function audienceOf(selectedCount: number, memberCount: number, joinersWhenAlone = true): Audience {
  if (memberCount === 0) return joinersWhenAlone ? 'timeline' : 'private';
  if (selectedCount >= memberCount) return 'timeline';
  return selectedCount === 0 ? 'private' : 'people';
}

/** The audience in words (issue 20): who will see the memory, as shown under the choice. */
export function audienceWords(audience: Audience, timelineNames: readonly string[], chosen: readonly { name: string }[]): string {
  if (audience === 'timeline') return messages.audienceTimeline(timelineNames);
  if (audience === 'private' || chosen.length === 0) return messages.audiencePrivate;
  return messages.audiencePeople(chosen.length, chosen[0]!.name);
}

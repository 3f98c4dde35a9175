// Who sees a memory (DESIGN "Who may do what", Memory view, amended 2026-11-25; issue 20):
// the audience a create or a share asks for, or reads off its list when it names none, and
// the shares stored with it. Who may view is decided by access/ at read time; this only says
// what to write.
import type { Audience } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import { badRequest } from '../http/errors.js';

export interface AudienceChoice {
  audience: Audience;
  /** The memory_shares rows to keep, the creator first. */
  sharedWith: string[];
}

/**
 * - 'private': the creator only; naming anyone else is refused (400), nothing is written.
 * - 'timeline': every member of its timelines, now and later; the shares stored are the
 *   members now (`members`), whatever `userIds` says.
 * - 'people': exactly `userIds` with the creator; with nobody else it is 'private'.
 * - none (old clients, the spec's form): only the creator means 'private' (a lone member's
 *   "Make Memory Private" sends just themselves and must stay private, so this case wins);
 *   every other member of the timelines (at least one) means 'timeline'; else 'people'.
 * `members` are the members now of the timelines the memory is filed on (creator or not).
 */
export function chooseAudience(creatorId: string, requested: Audience | undefined, userIds: string[], members: string[]): AudienceChoice {
  const others = [...new Set(userIds)].filter((id) => id !== creatorId);
  const otherMembers = [...new Set(members)].filter((id) => id !== creatorId);
  const onlyCreator: AudienceChoice = { audience: 'private', sharedWith: [creatorId] };
  switch (requested) {
    case 'private':
      if (others.length > 0) throw badRequest(messages.memoryPrivateWithOthers);
      return onlyCreator;
    case 'timeline':
      return { audience: 'timeline', sharedWith: [creatorId, ...otherMembers] };
    case 'people':
      return others.length === 0 ? onlyCreator : { audience: 'people', sharedWith: [creatorId, ...others] };
    case undefined: {
      if (others.length === 0) return onlyCreator;
      const chosen = new Set(others);
      const everyone = otherMembers.length > 0 && otherMembers.every((id) => chosen.has(id));
      return { audience: everyone ? 'timeline' : 'people', sharedWith: [creatorId, ...others] };
    }
  }
}

/** Refused before any file of the form is stored: a private memory naming others. */
export function refusePrivateWithOthers(creatorId: string, requested: Audience | undefined, userIds: string[]): void {
  if (requested === 'private' && userIds.some((id) => id !== creatorId)) throw badRequest(messages.memoryPrivateWithOthers);
}

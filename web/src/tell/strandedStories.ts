// Stories kept on this phone for a link the family has since stopped (issue 26 with issue 23):
// the server refuses them for good (404), and that link will never work again. Opened through a
// working link, the page takes them as its own, as it takes a draft kept from an older link
// (storyForm.ts): they go through this link, no longer naming the old link's question, with
// nothing she said left behind. Stories still waiting for a link that works are left to it.
import { isTellOwner, outboxOf, outboxOwners, tellOwner, updateEntry, type OutboxEntry } from '../lib/outbox';
import { tellStoryUrl } from '../api/tell';
import { QUESTION_ID_FIELD } from './storyForm';

/** Refused because its link no longer works (a stopped or replaced link answers 404). */
export const refusedForItsLink = (entry: OutboxEntry) => entry.state === 'refused' && entry.lastStatus === 404;

/** The entry as this link sends it: its address, its owner, no question of another link's, due now. */
function adopted(entry: OutboxEntry, token: string, link: string, now: number): OutboxEntry {
  return {
    ...entry,
    owner: tellOwner(link),
    url: tellStoryUrl(token),
    parts: entry.parts.filter((part) => part.name !== QUESTION_ID_FIELD),
    state: 'waiting',
    nextAttemptAt: now,
    lastStatus: null,
    lastMessage: null,
  };
}

/** Takes every story another link of this phone's left refused for good. */
export async function adoptStrandedStories(token: string, link: string, now = Date.now()): Promise<void> {
  for (const owner of await outboxOwners()) {
    if (!isTellOwner(owner) || owner === tellOwner(link)) continue;
    for (const entry of await outboxOf(owner)) {
      if (!refusedForItsLink(entry)) continue;
      // Read again inside the change: a send of it elsewhere meanwhile may have changed or removed it.
      await updateEntry(entry.id, (current) => (refusedForItsLink(current) && current.owner === owner ? adopted(current, token, link, now) : current));
    }
  }
}

// Issue 25 "Download everything": the caller's archives, newest first, asked again while one is
// being made and not at all once none is (the books' pattern, features/books/useBooks.ts).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EverythingArchive } from '../../../../common/everything-archive';
import { EVERYTHING_ARCHIVE_POLL_MS } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';

/** Still on its way: the job has it, or will. */
export const isUnfinished = (archive: EverythingArchive) => archive.status === 'queued' || archive.status === 'working';

export function useEverythingArchives() {
  return useQuery({
    queryKey: queryKeys.everythingArchives,
    queryFn: api.everythingArchives.list,
    refetchInterval: (query) => (query.state.data?.some(isUnfinished) ? EVERYTHING_ARCHIVE_POLL_MS : false),
    // A page in the background keeps asking, so an archive finished meanwhile shows ready on return.
    refetchIntervalInBackground: true,
  });
}

/**
 * What the section shows: the newest archive and, while a newer one is made, the last ready one
 * (the server keeps it until the new one is ready, so it can still be downloaded).
 */
export function archivesShown(archives: EverythingArchive[]): { latest: EverythingArchive | null; stillReady: EverythingArchive | null } {
  const [latest = null] = archives;
  const stillReady = latest && isUnfinished(latest) ? (archives.find((archive) => archive.status === 'ready') ?? null) : null;
  return { latest, stillReady };
}

/** Tens only: a screen reader hears the archive move along without a word every poll. */
const progressInTens = (archive: EverythingArchive) =>
  messages.everythingProgress(archive.status === 'queued' ? messages.everythingQueued : messages.everythingWorking, Math.floor(archive.progress / 10) * 10);

/**
 * The live region's words: the progress of the archive being made (in tens), then, once it
 * goes from being made to ready or failed while the page is open, that outcome. An archive
 * already finished when the page opened is not announced.
 */
export function useArchiveAnnouncement(latest: EverythingArchive | null): string {
  const [said, setSaid] = useState('');
  const [seen, setSeen] = useState<EverythingArchive | null>(null);
  // React's "adjust state while rendering": each new answer is compared once with the last.
  if (latest !== seen) {
    setSeen(latest);
    if (latest && isUnfinished(latest)) setSaid(progressInTens(latest));
    else if (latest && seen?.id === latest.id && isUnfinished(seen)) {
      setSaid(latest.status === 'ready' ? messages.everythingReadyAnnounced : messages.everythingFailedAnnounced);
    } else if (!latest) setSaid('');
  }
  return said;
}

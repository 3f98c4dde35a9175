// memories §7 "Bulk export": one archive per month, one month at a time, 500 ms apart (§9); a
// month that fails is skipped and the rest still come. Only when none came is it a failure.
import { BULK_MONTH_PAUSE_MS } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { downloadFile } from '../../api/download';

export interface MonthsProgress {
  /** 0-based index of the month being downloaded. */
  index: number;
  /** Percent of this month's archive received, or null while its size is unknown. */
  percent: number | null;
}

export interface MonthsOutcome {
  downloaded: string[];
  failed: string[];
}

/** Nothing came: the dialog says 'Download Failed' (memories §8). */
export class NothingDownloaded extends Error {
  constructor(readonly failed: string[]) {
    super(messages.bulkDownloadFailedDetail);
  }
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Downloads each month's archive (`urlOf` gives its address) in turn. Stopping (the signal)
 * ends the run at once with the abort; any other failure only skips that month.
 */
export async function downloadMonths(
  months: readonly string[],
  urlOf: (month: string) => string,
  { onProgress, signal }: { onProgress: (progress: MonthsProgress) => void; signal?: AbortSignal },
): Promise<MonthsOutcome> {
  const outcome: MonthsOutcome = { downloaded: [], failed: [] };
  for (const [index, month] of months.entries()) {
    if (index > 0) await pause(BULK_MONTH_PAUSE_MS, signal);
    onProgress({ index, percent: null });
    try {
      await downloadFile(urlOf(month), { signal, onProgress: (percent) => onProgress({ index, percent }) });
      outcome.downloaded.push(month);
    } catch (error) {
      if (signal?.aborted) throw error;
      console.error(`The archive of ${month} was not downloaded`, error);
      outcome.failed.push(month);
    }
  }
  if (outcome.downloaded.length === 0) throw new NothingDownloaded(outcome.failed);
  return outcome;
}

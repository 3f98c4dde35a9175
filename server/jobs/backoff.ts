// How long a failed job waits before its next attempt: exponential, so a service that is down
// is not hammered, with jitter, so jobs that failed together do not all come back together.

const BASE_MS = 5_000;
const CAP_MS = 60 * 60_000;

/** After attempt `attempt` (1, 2, …) failed: between half and all of 2^attempt × 5 s, at most an hour. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(CAP_MS, BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

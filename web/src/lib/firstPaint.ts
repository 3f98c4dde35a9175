// Issue 26 "First load": the answers a first screen does not draw at once (the bell's count,
// today's prompts, which hold their place with a skeleton, the members that decide the invite
// card) are asked for once that screen is painted, not while it is being built. Asked sooner,
// their requests and the renders of their answers took turns with the first paint on a slow
// phone: in an A/B run of Lighthouse under the same load, home's largest paint came at
// 3.1-4.0 s with them asked at once and 2.7-2.9 s with them held. What the screen needs to be
// drawn is in the page itself (api/page-data.ts), so nothing it shows waits.
import { startTransition, useEffect, useState } from 'react';
import { FIRST_PAINT_HOLD_MAX_MS } from '../../../common/limits';

/** Held only by the app's own start (main.tsx): a test or another page never waits. */
let painted = true;
const listeners = new Set<() => void>();

function markPainted(): void {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
}

/** main.tsx, before the first render: hold the answers until FirstPaintMark reports its frame. */
export function holdUntilFirstPaint(): void {
  painted = false;
  setTimeout(markPainted, FIRST_PAINT_HOLD_MAX_MS);
}

/**
 * Rendered once at the root: after the first commit, the next frame's animation callback runs
 * before that frame is painted, and a task queued from it runs after.
 */
export function FirstPaintMark(): null {
  useEffect(() => {
    if (painted) return;
    requestAnimationFrame(() => setTimeout(markPainted, 0));
  }, []);
  return null;
}

/**
 * Whether the first screen has been painted: a query's `enabled` for answers it need not wait for.
 * The release re-renders every component that asked, so it is a transition: React renders it in
 * slices between frames rather than in one long task just after the paint, which Lighthouse
 * counts as blocking time (issue 21 "First load").
 */
export function useFirstPaintDone(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    const release = () => startTransition(() => setDone(true));
    // Painted between this render and its effect: nothing more will call.
    if (painted) {
      release();
      return;
    }
    listeners.add(release);
    return () => {
      listeners.delete(release);
    };
  }, [done]);
  return done;
}

// "A recording is being made" (issue 26 "Update"): the recorders say when they start and stop,
// so the new-version notice never offers a reload under someone speaking. A count, not a flag:
// two recorders (a voice comment inside an open memory) may overlap.
import { useSyncExternalStore } from 'react';

let recordings = 0;
const listeners = new Set<() => void>();

/** Called by a recorder as it starts; the function it answers is called as it stops (once). */
export function recordingStarted(): () => void {
  recordings += 1;
  listeners.forEach((listener) => listener());
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    recordings -= 1;
    listeners.forEach((listener) => listener());
  };
}

export function isRecording(): boolean {
  return recordings > 0;
}

export function useIsRecording(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isRecording,
    () => false,
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';

/**
 * Preview addresses for chosen files, released when the files change or the preview goes.
 * The release waits one task: React's StrictMode unmounts and remounts effects while keeping
 * the memoised addresses, and a remount with the same addresses takes them back.
 */
export function useObjectUrls(blobs: readonly Blob[]): string[] {
  const urls = useMemo(() => blobs.map((blob) => URL.createObjectURL(blob)), [blobs]);
  const pendingRelease = useRef<{ urls: string[]; timer: number } | null>(null);
  useEffect(() => {
    if (pendingRelease.current?.urls === urls) {
      window.clearTimeout(pendingRelease.current.timer);
      pendingRelease.current = null;
    }
    return () => {
      const timer = window.setTimeout(() => urls.forEach((url) => URL.revokeObjectURL(url)), 0);
      pendingRelease.current = { urls, timer };
    };
  }, [urls]);
  return urls;
}

/**
 * The address of a file kept in the outbox while it shows (issue 26). The outbox is read again
 * at every change, each time giving a new Blob of the same bytes: the first one stands for the
 * entry (its item is keyed by the entry's id), so a photo does not flicker and a recording
 * being played is not cut off.
 */
export function useFirstBlobUrl(blob: Blob | null): string | null {
  const [first] = useState(() => (blob ? [blob] : []));
  return useObjectUrls(first)[0] ?? null;
}

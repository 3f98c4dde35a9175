import { useEffect, useMemo } from 'react';

/** Preview addresses for chosen files, released when the files change or the preview goes. */
export function useObjectUrls(blobs: readonly Blob[]): string[] {
  const urls = useMemo(() => blobs.map((blob) => URL.createObjectURL(blob)), [blobs]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

import { useEffect, useState } from 'react';
import { captureVideoThumbnail } from '../../../lib/videoThumbnail';

/** Frames already captured this session, by video address: cards re-render often. */
const captured = new Map<string, string | null>();

/** The captured thumbnail of a stored video (memories §2), null until ready or when it cannot be had. */
export function useVideoThumbnail(url: string | null): string | null {
  const [thumbnail, setThumbnail] = useState<{ url: string; value: string | null } | null>(null);
  useEffect(() => {
    if (!url || captured.has(url)) return;
    let live = true;
    void captureVideoThumbnail(url).then((value) => {
      captured.set(url, value);
      if (live) setThumbnail({ url, value });
    });
    return () => {
      live = false;
    };
  }, [url]);
  if (!url) return null;
  if (captured.has(url)) return captured.get(url) ?? null;
  return thumbnail?.url === url ? thumbnail.value : null;
}

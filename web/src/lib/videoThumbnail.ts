// memories §2, §9: a video's thumbnail is a frame captured in the browser at 25 % of its
// duration (at most 3 s, 2 s when unknown), as a JPEG of quality 0.8. A 3-second fallback
// timer takes whatever frame is showing, so a video that never finishes seeking still ends.
import { THUMBNAIL_FALLBACK_MS, THUMBNAIL_JPEG_QUALITY } from '../../../common/limits';
import { thumbnailTime } from '../../../common/memories-rules';

/** Thumbnails need not be large; this keeps the data URL small. */
const MAX_WIDTH = 640;

function drawFrame(video: HTMLVideoElement): string | null {
  if (video.readyState < 2 || !video.videoWidth || !video.videoHeight) return null;
  const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) return null;
  try {
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', THUMBNAIL_JPEG_QUALITY);
  } catch {
    // A cross-origin video without CORS taints the canvas: no thumbnail.
    return null;
  }
}

/** A JPEG data URL of one frame, or null when the browser cannot decode the video. */
export function captureVideoThumbnail(source: Blob | string): Promise<string | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const objectUrl = typeof source === 'string' ? null : URL.createObjectURL(source);
    let done = false;

    const finish = (thumbnail: string | null) => {
      if (done) return;
      done = true;
      window.clearTimeout(fallback);
      video.removeAttribute('src');
      video.load();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      resolve(thumbnail);
    };
    const fallback = window.setTimeout(() => finish(drawFrame(video)), THUMBNAIL_FALLBACK_MS);

    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    // A stored video on another origin (object storage) may be drawn only when fetched
    // with CORS; same-origin requests still carry the session cookie.
    if (typeof source === 'string') video.crossOrigin = 'anonymous';
    video.onloadedmetadata = () => {
      video.currentTime = thumbnailTime(video.duration);
    };
    video.onseeked = () => finish(drawFrame(video));
    video.onerror = () => finish(null);
    video.src = objectUrl ?? (source as string);
  });
}

// Files the server sends to keep (memories §7: the memory zip, the month archives). fetch
// rather than a plain link, so the screen can show the bytes arriving and a refusal reads as
// words; the body is counted against Content-Length, then saved under the server's own name.
import { refusalOf } from './client';

export interface DownloadOptions {
  /** Percent of the body received, 0–100; null while its size is unknown (no Content-Length). */
  onProgress?: (percent: number | null) => void;
  signal?: AbortSignal;
}

export interface DownloadedFile {
  fileName: string;
  size: number;
}

/** Used only when the answer names no file. */
const FALLBACK_NAME = 'download';

/**
 * A browser may read an object URL on a later task than the click that follows it (Firefox
 * starts the save asynchronously), so it is released a little after, not at once.
 */
const REVOKE_AFTER_MS = 10_000;

/** Fetches `url` with the person's cookies and saves the answer; non-OK answers throw ApiError. */
export async function downloadFile(url: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const response = await fetch(url, { credentials: 'include', signal: options.signal });
  if (!response.ok) throw await refusalOf(response);
  const blob = await readCounting(response, options.onProgress);
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? FALLBACK_NAME;
  saveBlob(blob, fileName);
  return { fileName, size: blob.size };
}

async function readCounting(response: Response, onProgress?: (percent: number | null) => void): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  const total = Number(response.headers.get('content-length') ?? NaN);
  const known = Number.isFinite(total) && total > 0;
  onProgress?.(known ? 0 : null);
  if (!response.body) {
    const blob = await response.blob();
    onProgress?.(100);
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  let shown = known ? 0 : null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (!known) continue;
    // Whole percents only: a bar redrawn for every network chunk would cost more than the download.
    const percent = Math.min(100, Math.floor((received / total) * 100));
    if (percent !== shown) onProgress?.((shown = percent));
  }
  if (shown !== 100) onProgress?.(100);
  return new Blob(chunks, { type });
}

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*` first, in RFC 5987's
 * charset'language'percent-encoding (so UTF-8 titles survive), else `filename`, plain or
 * quoted. Never a path: only the last segment is kept.
 */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]+)/i.exec(header)?.[1];
  const decoded = extended ? decodeExtendedValue(extended.trim()) : null;
  if (decoded) return lastSegment(decoded);
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header)?.[1]?.trim();
  if (!plain) return null;
  return lastSegment(plain.startsWith('"') ? plain.slice(1, -1).replace(/\\(.)/g, '$1') : plain);
}

/** RFC 5987 ext-value: UTF-8 or ISO-8859-1, the only charsets it requires. */
function decodeExtendedValue(value: string): string | null {
  const match = /^([A-Za-z0-9!#$%&+^_`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const [, charset, encoded] = match as unknown as [string, string, string];
  try {
    if (/^utf-8$/i.test(charset)) return decodeURIComponent(encoded);
    if (/^iso-8859-1$/i.test(charset)) return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    // A malformed escape: fall back to the plain filename.
  }
  return null;
}

function lastSegment(name: string): string | null {
  const segment = name.split(/[\\/]/).pop()?.trim();
  return segment ? segment : null;
}

function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), REVOKE_AFTER_MS);
}

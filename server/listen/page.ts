// The listen page, /listen/{token} (issue 24): what a phone opens when a printed code is
// scanned. Written here on the server, whole, rather than as a page of the web app: it must
// play on an old phone with no script and no account, so it is plain HTML with one <audio> per
// recording, large type and targets, black on white, and a Content-Security-Policy that lets in
// nothing but its own style and the recordings under its own code.
import { createHash } from 'node:crypto';
import type { ListenPage } from '../../common/books.js';
import { messages } from '../../common/messages.js';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The memory's day, long form ("12 June 1968"). In UTC: the page knows no reader's zone, and a
 * memory's day is its stored instant's, as the book prints it.
 */
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

// 22 px type (at least 20), players and the link at least 48 px high, contrast near 19:1.
const STYLE = [
  'html{-webkit-text-size-adjust:100%;text-size-adjust:100%}',
  'body{margin:0;padding:24px 16px 48px;background:#fff;color:#111;font:22px/1.5 -apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif}',
  'main{max-width:40rem;margin:0 auto}',
  'h1{font-size:1.6em;line-height:1.25;margin:0 0 .4em;overflow-wrap:anywhere}',
  'h2{font-size:1.1em;margin:1.4em 0 .4em;overflow-wrap:anywhere}',
  'p{margin:0 0 .3em}',
  'audio{display:block;width:100%;min-height:56px}',
  'a{display:inline-block;min-height:48px;line-height:48px;color:#0b3d91}',
].join('');

/** The page's one inline style, allowed by its hash; 'unsafe-inline' only speaks to browsers too old for hashes, which ignore nothing else. */
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** Nothing from elsewhere, no script at all: its own style and the recordings of this server. */
export const LISTEN_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${STYLE_HASH} 'unsafe-inline'`,
  "media-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function document(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The page of a code that plays: title, day, teller, and one player per recording under its label. */
export function listenPageHtml(page: ListenPage): string {
  const day = new Date(page.createdAt);
  const players = page.recordings.map((recording, index) => {
    const url = escapeHtml(recording.url);
    return [
      '<section>',
      `<h2 id="recording-${index}">${escapeHtml(recording.label)}</h2>`,
      // preload="none": nothing is fetched until the reader presses play (an old phone's data plan).
      `<audio controls preload="none" src="${url}" aria-labelledby="recording-${index}"><a href="${url}">${escapeHtml(messages.listenDownload)}</a></audio>`,
      '</section>',
    ].join('\n');
  });
  const body = [
    `<h1>${escapeHtml(page.title)}</h1>`,
    `<p><time datetime="${day.toISOString().slice(0, 10)}">${escapeHtml(longDate.format(day))}</time></p>`,
    `<p>${escapeHtml(messages.listenToldBy(page.storyteller.displayName))}</p>`,
    ...(players.length > 0 ? players : [`<p>${escapeHtml(messages.listenNoRecordings)}</p>`]),
  ].join('\n');
  return document(messages.listenPageTitle(page.title), body);
}

/** The page of a code that does not play (unknown, stopped) or of too many wrong tries: the refusal's words. */
export function listenRefusalHtml(message: string): string {
  return document(messages.listenNotFoundTitle, `<h1>${escapeHtml(message)}</h1>`);
}

// GET /api/logout signs out only when our own pages sent the browser there (issue 19: any
// site could link or redirect to it and sign a person out). Otherwise the browser gets this
// small page, whose button signs out by POST /api/logout: a form from our own origin.
import type { FastifyRequest } from 'fastify';
import { messages } from '../../common/messages.js';

/**
 * Whether the browser says this navigation began on our own origin (`same-origin`) or with
 * the person themselves: typed, bookmarked, opened from another app (`none`).
 *
 * No `Sec-Fetch-Site` at all is taken as ours too: Chromium (76), Firefox (90) and Safari
 * (16.4) send it on every request, so an attacker's page in a browser of today cannot leave
 * it out, while a browser older than those, or a script or a test without a browser, does
 * not send it, and refusing them would break sign-out for them to guard against no one.
 * `same-site` (a sibling sub-domain) is another origin, and asks like `cross-site`.
 */
export function isSameSiteNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The confirmation page: no script at all (the Content-Security-Policy allows only our
 * files), large text and a 44 px button (issue 9 "Easy to see and to press"), in the
 * reader's light or dark scheme.
 */
export function signOutPage(): string {
  const title = escapeHtml(messages.signOutConfirmTitle);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; font-size: 20px; line-height: 1.5; }
main { max-width: 32rem; margin: 3rem auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
form { margin: 1.5rem 0; }
button, a { font: inherit; min-height: 44px; min-width: 44px; }
button { padding: 0.5rem 1.5rem; border-radius: 0.5rem; border: 2px solid currentColor; cursor: pointer; }
a { display: inline-flex; align-items: center; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${escapeHtml(messages.signOutConfirmText)}</p>
<form method="post" action="/api/logout">
<button type="submit">${escapeHtml(messages.menuSignOut)}</button>
</form>
<p><a href="/">${escapeHtml(messages.signOutConfirmStay)}</a></p>
</main>
</body>
</html>
`;
}

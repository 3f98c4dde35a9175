// The page behind a members' mail's "stop" link (issue 23): plain HTML from the server, with no
// script, readable on any phone, so the one question it asks needs nothing else to load.
import { messages } from '../../common/messages.js';
import { escapeHtml } from '../mail/index.js';

const page = (title: string, body: string): string =>
  [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:system-ui,sans-serif;font-size:18px;line-height:1.5;color:#1a1a1a;background:#ffffff">',
    `<main style="max-width:560px;margin:0 auto"><h1 style="font-size:26px;line-height:1.3">${escapeHtml(title)}</h1>${body}</main>`,
    '</body></html>',
  ].join('');

const paragraph = (text: string): string => `<p>${escapeHtml(text)}</p>`;

/** Asks first: the form sends the same one-click body a mail program's button sends (RFC 8058). */
export function askPage(postTo: string): string {
  return page(
    messages.mailUnsubscribeTitle,
    paragraph(messages.mailUnsubscribeAsk) +
      `<form method="post" action="${escapeHtml(postTo)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<button type="submit" style="min-height:48px;padding:10px 24px;font-size:18px;border-radius:8px;border:0;background:#1c4e80;color:#ffffff;cursor:pointer">${escapeHtml(messages.mailUnsubscribeButton)}</button></form>`,
  );
}

export const donePage = (): string => page(messages.mailUnsubscribedTitle, paragraph(messages.mailUnsubscribed));

export const invalidPage = (): string => page(messages.mailUnsubscribeInvalidTitle, paragraph(messages.mailUnsubscribeInvalid));

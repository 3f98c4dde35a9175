// The one plain layout of every mail Heirloom sends (DESIGN "E-mail (optional)", issue 23: "a
// text part and a simple HTML part, no tracking, no remote images"): both parts come from one
// description, so they always say the same. Every piece of text is escaped in the HTML; the
// only markup is ours, and the only addresses are the links the description names.
import { messages } from '../../common/messages.js';

/** What one mail says, in order: a greeting, paragraphs, a list, one button-like link, then small print. */
export interface MailDescription {
  /** "Hello Rose," */
  greeting?: string;
  paragraphs: string[];
  /** A plain list (a digest's events), each item optionally a link. */
  items?: { text: string; url?: string }[];
  /** The one thing to do, shown as a link the text part spells out in full. */
  action?: { label: string; url: string };
  /** After the action, quieter: why they got it, what to do if it was not them. */
  notes?: string[];
  /** The server's address, named at the foot ("Sent by Heirloom at …"). */
  origin: string;
}

export interface ComposedMail {
  text: string;
  html: string;
}

/** A subject that names the family when there is one (issue 23: "the family's name in the subject"). */
export function subjectWithFamily(subject: string, familyName: string | null | undefined): string {
  const name = familyName?.trim();
  return name ? messages.mailSubjectWithFamily(subject, name) : subject;
}

export function composeMail(mail: MailDescription): ComposedMail {
  return { text: textOf(mail), html: htmlOf(mail) };
}

function textOf({ greeting, paragraphs, items, action, notes, origin }: MailDescription): string {
  const blocks: string[] = [];
  if (greeting) blocks.push(greeting);
  blocks.push(...paragraphs);
  if (items?.length) blocks.push(items.map((item) => `- ${item.text}${item.url ? `\n  ${item.url}` : ''}`).join('\n'));
  if (action) blocks.push(`${action.label}:\n${action.url}`);
  if (notes?.length) blocks.push(...notes);
  blocks.push(`--\n${messages.mailFooter(origin)}`);
  return blocks.join('\n\n') + '\n';
}

const PARAGRAPH = 'margin:0 0 16px';

function htmlOf({ greeting, paragraphs, items, action, notes, origin }: MailDescription): string {
  const body: string[] = [];
  if (greeting) body.push(`<p style="${PARAGRAPH}">${escapeHtml(greeting)}</p>`);
  for (const paragraph of paragraphs) body.push(`<p style="${PARAGRAPH}">${escapeHtml(paragraph)}</p>`);
  if (items?.length) {
    const listItems = items.map((item) => `<li style="margin:0 0 8px">${item.url ? link(item.text, item.url) : escapeHtml(item.text)}</li>`);
    body.push(`<ul style="${PARAGRAPH};padding-left:24px">${listItems.join('')}</ul>`);
  }
  if (action) {
    // A link styled as a button, and the address written out beneath it for mail readers that hide links.
    body.push(
      `<p style="${PARAGRAPH}"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#1c4e80;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(action.label)}</a></p>`,
      `<p style="${PARAGRAPH};font-size:14px;color:#444444;word-break:break-all">${link(action.url, action.url)}</p>`,
    );
  }
  for (const note of notes ?? []) body.push(`<p style="${PARAGRAPH};font-size:14px;color:#444444">${escapeHtml(note)}</p>`);
  body.push(`<p style="margin:24px 0 0;font-size:13px;color:#555555">${escapeHtml(messages.mailFooter(origin))}</p>`);
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font-family:Georgia,serif;font-size:17px;line-height:1.5">',
    `<div style="max-width:560px">${body.join('')}</div>`,
    '</body></html>',
  ].join('');
}

function link(text: string, url: string): string {
  return `<a href="${escapeHtml(url)}" style="color:#1c4e80">${escapeHtml(text)}</a>`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

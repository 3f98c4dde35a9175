// The archive's own pages (issue 25, "index.html: the family's memories as plain pages a browser
// opens from the unzipped folder with no server and no script"): pure functions from records
// to HTML; bag.ts writes what they return into the bag (data/index.html, data/memories/*.html,
// data/site/style.css). They must still open from a USB stick in twenty years, so: plain HTML5
// and one stylesheet, no script, nothing fetched from anywhere, every link relative to data/.
// Every text is escaped by `html` below (a value is text unless it is already made `Html`).
// The index lists memories oldest first (the order they are gathered and the family book's
// order), grouped by month, so the archive reads as a family history from its beginning.
import type { ArchiveFile, CommentRecord, MemoryRecord, PersonRecord, TimelineRecord } from '../../../common/archive-format.js';
import { messages } from '../../../common/messages.js';
import { displayNameOf } from '../../../common/people.js';

export interface SiteContext {
  /** Whose archive it is, e.g. the family's name; the index's heading. */
  title: string;
  exportedAt: string;
  exportedBy: string;
  people: ReadonlyMap<string, PersonRecord>;
  timelines: ReadonlyMap<string, TimelineRecord>;
}

export interface SiteIndexEntry {
  id: string;
  title: string;
  createdAt: string;
  authorId: string;
  timelineIds: string[];
  /** A path relative to data/. */
  photo: string | null;
  hasVoice: boolean;
  comments: number;
}

/** The memories before and after a page's, for its links; bag.ts may pass them when it knows them. */
export interface SiteNeighbours {
  previous: SiteIndexEntry | null;
  next: SiteIndexEntry | null;
}

/** Relative to data/. */
export const SITE_STYLESHEET_PATH = 'site/style.css';

export function siteStylesheet(): string {
  return stylesheet;
}

/**
 * 'memories/{id}.html', relative to data/. Ids are the instance's (UUIDs); anything else a
 * file name or a link could trip on is spelt `_{hex}_`, `_` included, so two ids never share a page.
 */
export function memoryPagePath(memoryId: string): string {
  const safe = memoryId.replace(/[^A-Za-z0-9-]/gu, (char) => `_${char.codePointAt(0)!.toString(16)}_`);
  return `memories/${safe}.html`;
}

export function indexEntryOf(memory: MemoryRecord, comments: readonly CommentRecord[]): SiteIndexEntry {
  const photo = filesOf(memory, 'image')[0] ?? null;
  return {
    id: memory.id,
    title: memory.title,
    createdAt: memory.createdAt,
    authorId: memory.authorId,
    timelineIds: [...memory.timelineIds],
    photo: photo?.path ?? null,
    hasVoice: voiceOf(memory) !== null,
    comments: comments.filter((comment) => comment.memoryId === memory.id).length,
  };
}

export function indexPage(entries: readonly SiteIndexEntry[], context: SiteContext): string {
  const sorted = [...entries].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const months = new Map<string, SiteIndexEntry[]>();
  for (const entry of sorted) {
    const month = entry.createdAt.slice(0, 7);
    const inMonth = months.get(month);
    if (inMonth) inMonth.push(entry);
    else months.set(month, [entry]);
  }
  const heading = messages.siteIndexTitle(context.title);
  const monthSections = [...months].map(([month, inMonth]) => {
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    return html`<section class="month" aria-labelledby="m-${month}">
<h2 id="m-${month}">${messages.siteMonthHeading(monthName(monthNumber), year)}</h2>
<ol class="entries">${inMonth.map((entry) => indexItem(entry, context))}</ol>
</section>`;
  });
  const body = html`<header class="site">
<h1 dir="auto">${heading}</h1>
<p>${messages.siteExported(readableDay(context.exportedAt), context.exportedBy)} ${messages.siteMemoryCount(sorted.length)}</p>
<p class="note">${messages.siteAbout} ${messages.siteTimeNote}</p>
</header>
<main>${sorted.length === 0 ? html`<p>${messages.siteNoMemories}</p>` : monthSections}</main>`;
  return page(heading, SITE_STYLESHEET_PATH, body);
}

function indexItem(entry: SiteIndexEntry, context: SiteContext): Html {
  // The photo is decoration beside the title's own link text, hence alt="" (read once, not twice).
  // Lazy here only: an index may hold thousands of originals; a memory's few photos load at once, so they print.
  const photo = entry.photo ? html`<img class="thumb" src="${entry.photo}" alt="" loading="lazy" decoding="async">` : html`<span class="thumb"></span>`;
  const marks = [entry.hasVoice ? html`<span class="mark">${messages.siteHasVoice}</span>` : null, entry.comments > 0 ? html`<span class="mark">${messages.siteCommentCount(entry.comments)}</span>` : null];
  return html`<li class="entry"><a href="${memoryPagePath(entry.id)}">${photo}<span class="entry-text">
<span class="entry-title" dir="auto">${titleOf(entry.title)}</span>
<span class="entry-meta">${when(entry.createdAt, readableDay(entry.createdAt))} · <bdi>${messages.siteBy(personName(entry.authorId, context))}</bdi></span>
${timelineNames(entry.timelineIds, context).length > 0 ? html`<span class="entry-meta">${timelineList(entry.timelineIds, context)}</span>` : null}
<span class="marks">${marks}</span></span></a></li>`;
}

export function memoryPage(memory: MemoryRecord, comments: CommentRecord[], context: SiteContext, neighbours?: SiteNeighbours): string {
  const title = titleOf(memory.title);
  const media = (file: ArchiveFile) => `../${file.path}`;
  const voice = voiceOf(memory);
  const spoken = new Set(memory.followUps.map((followUp) => followUp.voiceMediaId));
  const otherRecordings = filesOf(memory, 'audio').filter((file) => file !== voice && !spoken.has(file.mediaId));
  const facts = [
    fact(messages.siteDateLabel, when(memory.createdAt, readableDayAndTime(memory.createdAt))),
    fact(messages.siteToldByLabel, html`<bdi>${personName(memory.authorId, context)}</bdi>`),
    timelineNames(memory.timelineIds, context).length > 0 ? fact(messages.siteTimelinesLabel, timelineList(memory.timelineIds, context)) : null,
    memory.tags.length > 0 ? fact(messages.siteTagsLabel, html`<span class="list">${memory.tags.map((tag) => html`<bdi class="tag">${tag}</bdi> `)}</span>`) : null,
  ];
  const sections = [
    voice ? section(messages.siteVoiceHeading, html`${player('audio', voice, media(voice), messages.siteVoiceHeading)}${transcript(memory.transcription)}`) : null,
    memory.content.trim() ? section(messages.siteNotesHeading, paragraphs(memory.content)) : null,
    filesOf(memory, 'image').length > 0
      ? section(
          messages.sitePhotosHeading,
          filesOf(memory, 'image').map(
            (file, index) => html`<figure><a href="${media(file)}"><img src="${media(file)}" alt="${messages.sitePhotoAlt(index + 1, title)}"${size(file)}></a></figure>`,
          ),
        )
      : null,
    filesOf(memory, 'video').length > 0
      ? section(messages.siteVideosHeading, filesOf(memory, 'video').map((file, index) => html`<figure>${player('video', file, media(file), messages.siteVideoLabel(index + 1, title))}</figure>`))
      : null,
    otherRecordings.length > 0 ? section(messages.siteOtherRecordingsHeading, otherRecordings.map((file) => player('audio', file, media(file), messages.siteOtherRecordingsHeading))) : null,
    memory.followUps.length > 0 ? section(messages.siteFollowUpsHeading, html`<ol class="follow-ups">${[...memory.followUps].sort((a, b) => a.position - b.position).map((followUp) => {
      const recording = memory.files.find((file) => file.mediaId === followUp.voiceMediaId);
      return html`<li><p class="question" dir="auto">${followUp.question}</p>${followUp.answer.trim() ? html`<div class="answer">${paragraphs(followUp.answer)}</div>` : null}${recording ? html`<p class="label">${messages.siteSpokenAnswer}</p>${player('audio', recording, media(recording), messages.siteSpokenAnswer)}` : null}</li>`;
    })}</ol>`) : null,
    comments.length > 0 ? section(messages.siteCommentsHeading, html`<ol class="comments">${comments.map((comment) => commentItem(comment, context))}</ol>`) : null,
  ];
  const nav = html`<nav class="pages"><a href="../index.html">${messages.siteBackToIndex}</a>${neighbours?.previous ? html` <a rel="prev" href="../${memoryPagePath(neighbours.previous.id)}" dir="auto">${messages.siteEarlier(titleOf(neighbours.previous.title))}</a>` : null}${neighbours?.next ? html` <a rel="next" href="../${memoryPagePath(neighbours.next.id)}" dir="auto">${messages.siteLater(titleOf(neighbours.next.title))}</a>` : null}</nav>`;
  const body = html`${nav}
<main><article>
<h1 dir="auto">${title}</h1>
<dl class="facts">${facts}</dl>
${sections}
</article></main>
<footer><p class="note">${messages.siteTimeNote}</p>${nav}</footer>`;
  return page(messages.siteMemoryPageTitle(title, context.title), `../${SITE_STYLESHEET_PATH}`, body);
}

function commentItem(comment: CommentRecord, context: SiteContext): Html {
  const voice = comment.voice;
  return html`<li class="comment"><p class="comment-meta"><bdi class="who">${personName(comment.authorId, context)}</bdi> · ${when(comment.createdAt, readableDayAndTime(comment.createdAt))}</p>
${comment.content?.trim() ? paragraphs(comment.content) : null}
${voice ? html`<p class="label">${messages.siteVoiceComment}</p>${player('audio', voice, `../${voice.path}`, messages.siteVoiceComment)}${transcript(comment.transcription ?? '')}` : null}</li>`;
}

// ---- pieces

function page(title: string, stylesheet: string, body: Html): string {
  return `<!DOCTYPE html>
${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Heirloom">
<title>${title}</title>
<link rel="stylesheet" href="${stylesheet}">
</head>
<body>
${body}
</body>
</html>`.text}
`;
}

function section(heading: string, content: Html | Html[]): Html {
  return html`<section><h2>${heading}</h2>${content}</section>`;
}

function fact(label: string, value: Html): Html {
  // The colon is in the text, not the stylesheet: a page read without its style still says which is which.
  return html`<div><dt>${label}:</dt> <dd>${value}</dd></div>`;
}

/** A player with the file's own link beside it: a browser that cannot play the format still hands over the bytes. */
function player(kind: 'audio' | 'video', file: ArchiveFile, src: string, label: string): Html {
  const fallback = html`${messages.sitePlayerFallback} <a href="${src}">${messages.siteOpenFile}</a>`;
  const element =
    kind === 'audio'
      ? html`<audio controls preload="metadata" aria-label="${label}"><source src="${src}" type="${file.mimeType}">${fallback}</audio>`
      : html`<video controls preload="metadata" aria-label="${label}"${size(file)}><source src="${src}" type="${file.mimeType}">${fallback}</video>`;
  return html`<div class="player">${element}<a class="file-link" href="${src}">${messages.siteOpenFile}</a></div>`;
}

function transcript(words: string): Html {
  return html`<div class="transcript"><p class="label">${messages.siteTranscriptHeading}</p>${words.trim() ? paragraphs(words) : html`<p class="note">${messages.siteNoTranscript}</p>`}</div>`;
}

/** People's words keep their line breaks; each paragraph finds its own direction (a Hebrew note beside an English one). */
function paragraphs(text: string): Html[] {
  return text
    .trim()
    .split(/\n\s*\n/u)
    .map((paragraph) => html`<p dir="auto">${paragraph.split('\n').map((line, index) => html`${index > 0 ? html`<br>` : null}${line}`)}</p>`);
}

function when(instant: string, words: string): Html {
  return html`<time datetime="${instant}">${words}</time>`;
}

function size(file: ArchiveFile): Html | null {
  return file.width && file.height ? html` width="${file.width}" height="${file.height}"` : null;
}

function timelineList(ids: readonly string[], context: SiteContext): Html {
  return html`<span class="list">${timelineNames(ids, context).map((name) => html`<bdi class="timeline">${name}</bdi> `)}</span>`;
}

/** Only the timelines the archive holds: a memory may also be on timelines its exporter cannot see. */
function timelineNames(ids: readonly string[], context: SiteContext): string[] {
  return ids.flatMap((id) => {
    const timeline = context.timelines.get(id);
    return timeline ? [timeline.name] : [];
  });
}

function personName(id: string, context: SiteContext): string {
  return displayNameOf(context.people.get(id), messages.siteSomeone);
}

const titleOf = (title: string) => (title.trim() ? title.trim() : messages.siteUntitled);

function filesOf(memory: MemoryRecord, kind: ArchiveFile['kind']): ArchiveFile[] {
  return memory.files.filter((file) => file.kind === kind).sort((a, b) => a.position - b.position);
}

/** The memory's voice, when the bag holds its file (a file missing from storage is left out of `files`). */
function voiceOf(memory: MemoryRecord): ArchiveFile | null {
  return memory.files.find((file) => file.mediaId === memory.voiceMediaId) ?? null;
}

// ---- dates: the records' instants are UTC, and the pages say so (messages.siteTimeNote)

const monthName = (month: number) => messages.siteMonthNames[month - 1] ?? String(month);

function readableDay(instant: string): string {
  const date = new Date(instant);
  return messages.siteDay(date.getUTCDate(), monthName(date.getUTCMonth() + 1), date.getUTCFullYear());
}

function readableDayAndTime(instant: string): string {
  const date = new Date(instant);
  const time = `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
  return messages.siteDayAndTime(readableDay(instant), time);
}

// ---- escaping: a value is text unless it is already Html

class Html {
  constructor(readonly text: string) {}
}

type HtmlValue = string | number | Html | null | undefined | readonly (Html | null)[];

function escape(text: string): string {
  return text.replace(/[&<>"']/gu, (char) => `&#${char.charCodeAt(0)};`);
}

function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let text = strings[0]!;
  values.forEach((value, index) => {
    text += render(value) + strings[index + 1]!;
  });
  return new Html(text);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map((each) => render(each)).join('');
  return escape(String(value));
}

// ---- the stylesheet: large dark text on a light page, one column that fits a phone, and a
// print layout without players or links' furniture. Logical properties (inline-start) so a
// right-to-left paragraph lays out as its readers expect. No web font: only what a system has.

const stylesheet = `:root { color-scheme: light; }
html { font-size: 112.5%; -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 46rem; padding: 1rem 1.25rem 3rem; background: #fffdf8; color: #1b1b1b;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic", sans-serif;
  line-height: 1.6; overflow-wrap: anywhere; }
h1 { font-size: 2rem; line-height: 1.25; margin: 1rem 0 0.75rem; }
h2 { font-size: 1.35rem; margin: 2rem 0 0.75rem; padding-block-end: 0.25rem; border-block-end: 2px solid #e4ddd0; }
a { color: #0b4f8a; text-underline-offset: 0.15em; }
a:focus-visible { outline: 3px solid #0b4f8a; outline-offset: 2px; }
p { margin: 0 0 0.85rem; }
.note { color: #4a4a4a; font-size: 0.95rem; }
.label { font-weight: 600; margin: 0.75rem 0 0.25rem; }
.site { border-block-end: 2px solid #e4ddd0; margin-block-end: 1rem; }
.entries, .follow-ups, .comments { list-style: none; margin: 0; padding: 0; }
.entry a { display: flex; gap: 0.9rem; align-items: flex-start; padding: 0.75rem 0; text-decoration: none; color: inherit; border-block-end: 1px solid #eee7da; }
.entry a:hover .entry-title, .entry a:focus-visible .entry-title { text-decoration: underline; }
.thumb { flex: none; width: 5.5rem; height: 5.5rem; object-fit: cover; border-radius: 0.4rem; background: #f1ece2; }
.entry-text { display: flex; flex-direction: column; min-width: 0; }
.entry-title { font-size: 1.15rem; font-weight: 600; color: #0b4f8a; }
.entry-meta { color: #3d3d3d; font-size: 0.95rem; }
.marks { display: flex; flex-wrap: wrap; gap: 0.4rem; margin-block-start: 0.3rem; }
.mark { font-size: 0.85rem; padding: 0.05rem 0.55rem; border-radius: 1rem; background: #efe8da; color: #2b2b2b; }
.facts { margin: 0 0 1rem; }
.facts div { display: flex; flex-wrap: wrap; gap: 0 0.6rem; }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; }
.list { display: inline-flex; flex-wrap: wrap; gap: 0.35rem; }
.tag, .timeline { padding: 0 0.5rem; border-radius: 1rem; background: #efe8da; }
figure { margin: 0 0 1rem; }
img, video { display: block; max-width: 100%; height: auto; border-radius: 0.4rem; background: #f1ece2; }
audio { display: block; width: 100%; max-width: 32rem; }
.player { margin-block-end: 0.75rem; }
.file-link { font-size: 0.9rem; }
.transcript { margin: 0.5rem 0 1rem; padding-inline-start: 0.9rem; border-inline-start: 4px solid #e4ddd0; }
.follow-ups > li, .comments > li { padding: 0.75rem 0; border-block-end: 1px solid #eee7da; }
.question { font-weight: 600; }
.comment-meta { color: #3d3d3d; font-size: 0.95rem; margin-block-end: 0.25rem; }
.who { font-weight: 600; color: #1b1b1b; }
.pages { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; padding: 0.5rem 0; }
footer { margin-block-start: 2rem; border-block-start: 2px solid #e4ddd0; }
@media print {
  html { font-size: 12pt; }
  body { max-width: none; padding: 0; background: #fff; color: #000; }
  .pages, .player, audio, video { display: none; }
  a { color: inherit; text-decoration: none; }
  figure, .entry, .comments > li, .follow-ups > li { break-inside: avoid; }
  h2 { break-after: avoid; }
  img { max-height: 60vh; width: auto; }
}
`;

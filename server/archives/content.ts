// memory_content.txt (memories §7 "Single memory export"): the memory for a person to read
// without the app. Title, id, date, creator, timelines, transcription, notes, the numbered
// comments (author, date, text, transcription) and tags; dates in the caller's zone.
import { displayNameOf } from '../../common/people.js';
import type { MemoryExport } from './gather.js';

const NONE = '(none)';

/** `March 5, 2024 at 3:04 PM (Europe/Paris)`. ICU's narrow spaces become plain ones, so every reader shows them. */
export function readableDate(instant: string, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'long', timeStyle: 'short' });
  return `${format.format(new Date(instant)).replace(/\s/g, ' ')} (${timeZone})`;
}

const orNone = (text: string | null | undefined) => (text?.trim() ? text.trim() : NONE);

export function memoryContent(archive: MemoryExport, timeZone: string): string {
  const { memory, timelines, comments, files } = archive;
  const archived = new Map(files.map((file) => [file.url, file.name]));
  const comment = (index: number) => {
    const each = comments[index]!;
    const lines = [`${index + 1}. ${displayNameOf(each.user, 'User')}, ${readableDate(each.createdAt, timeZone)}`];
    if (each.content?.trim()) lines.push(`Text: ${each.content.trim()}`);
    if (each.transcription?.trim()) lines.push(`Transcription: ${each.transcription.trim()}`);
    // The recording's place in the zip, so a reader can find the voice of each comment.
    const recording = each.audioUrl ? archived.get(each.audioUrl) : undefined;
    if (recording) lines.push(`Voice message: ${recording}`);
    return lines.join('\n');
  };
  const sections = [
    [
      `Title: ${memory.title}`,
      `ID: ${memory.id}`,
      `Date: ${readableDate(memory.createdAt, timeZone)}`,
      `Creator: ${displayNameOf(memory.creator, 'User')}`,
      `Timeline: ${timelines.length > 0 ? timelines.map((timeline) => timeline.name).join(', ') : NONE}`,
    ].join('\n'),
    `Transcription:\n${orNone(memory.transcription)}`,
    `Notes:\n${orNone(memory.content)}`,
    `Comments:\n${comments.length > 0 ? comments.map((_, index) => comment(index)).join('\n\n') : NONE}`,
    `Tags: ${memory.tags.length > 0 ? memory.tags.join(', ') : NONE}`,
  ];
  return `${sections.join('\n\n')}\n`;
}

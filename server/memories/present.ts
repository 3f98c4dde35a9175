// Memories as the API shows them (memories §3 "Memory"; DESIGN "API"), built from a batch of
// rows and their children so a list costs one query per table, not one per memory.
import type { Audience, Memory, MemoryImage, MemoryVideo } from '../../common/memories.js';
import { mediaUrl } from '../../common/memories-rules.js';
import { memoryAbilities } from '../access/index.js';
import { presentMember } from '../people/index.js';
import type { MediaRow, MemoryChildren, MemoryRow } from './queries.js';

/**
 * One photo is three media rows at the same position (DESIGN "Media"): the original
 * `images/{uuid}.{ext}` (or `…-original.{ext}` once cleaned of metadata), the display copy
 * `…-display.webp` and the thumbnail `…-thumb.webp`.
 */
export type ImageVariant = 'original' | 'display' | 'thumbnail';

export function imageVariantOf(storageKey: string): ImageVariant {
  if (/-display\.[a-z0-9]+$/.test(storageKey)) return 'display';
  if (/-thumb\.[a-z0-9]+$/.test(storageKey)) return 'thumbnail';
  return 'original';
}

const groupBy = <T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(keyOf(row));
    if (group) group.push(row);
    else groups.set(keyOf(row), [row]);
  }
  return groups;
};

/** The image's id is its original's; its width and height are those of the display copy, which `url` shows. */
function presentImages(rows: MediaRow[]): MemoryImage[] {
  const images: MemoryImage[] = [];
  for (const variants of groupBy(rows, (row) => String(row.position)).values()) {
    const byVariant = new Map(variants.map((row) => [imageVariantOf(row.storage_key), row]));
    const original = byVariant.get('original');
    if (!original) continue;
    const display = byVariant.get('display') ?? original;
    const thumbnail = byVariant.get('thumbnail') ?? display;
    images.push({
      id: original.id,
      url: mediaUrl(display.storage_key),
      thumbnailUrl: mediaUrl(thumbnail.storage_key),
      originalUrl: mediaUrl(original.storage_key),
      width: display.width,
      height: display.height,
    });
  }
  return images;
}

/** Each video with the thumbnail at its position, if the client sent one. */
function presentVideos(rows: MediaRow[]): MemoryVideo[] {
  const thumbnails = new Map(rows.filter((row) => row.kind === 'video_thumbnail').map((row) => [row.position, row.storage_key]));
  return rows
    .filter((row) => row.kind === 'video')
    .map((row) => ({ id: row.id, url: mediaUrl(row.storage_key), mimeType: row.mime_type, thumbnailUrl: mediaUrl(thumbnails.get(row.position) ?? null) }));
}

/**
 * DESIGN "Memory view" (amended 2026-11-25): for a 'timeline' memory, the creator and every
 * member of its timelines now, with anyone a share names (a family merge may have added
 * people); for the others the stored list. Always with the creator (memories §6).
 */
function sharedWithOf(row: MemoryRow, shares: { user_id: string }[], members: { user_id: string }[]): string[] {
  const ids = new Set([row.user_id, ...shares.map((share) => share.user_id)]);
  if (row.audience === 'timeline') for (const member of members) ids.add(member.user_id);
  return [...ids].sort();
}

/**
 * A 'people' memory whose chosen people all left its timelines is seen by its creator only,
 * and says so: 'private' (as a share naming nobody else is stored).
 */
const audienceOf = (row: MemoryRow, sharedWith: string[]): Audience => (row.audience === 'people' && sharedWith.length === 1 ? 'private' : row.audience);

/** The memories, in the order given, as `viewerId` sees them. */
export function presentMemories(memories: MemoryRow[], children: MemoryChildren, viewerId: string): Memory[] {
  const timelines = groupBy(children.timelines, (row) => row.memory_id);
  const shares = groupBy(children.shares, (row) => row.memory_id);
  const members = groupBy(children.members, (row) => row.memory_id);
  const tags = groupBy(children.tags, (row) => row.memory_id);
  const media = groupBy(children.media, (row) => row.memory_id ?? '');
  const followUps = groupBy(children.followUps, (row) => row.memory_id);
  const creators = new Map(children.creators.map((row) => [row.id, row]));

  return memories.map((row) => {
    const own = media.get(row.id) ?? [];
    // Recordings' lengths are on their media rows (kind 'audio'), found by key.
    const durations = new Map(own.filter((item) => item.kind === 'audio').map((item) => [item.storage_key, item.duration]));
    const durationOf = (key: string | null) => (key ? (durations.get(key) ?? null) : null);
    const sharedWith = sharedWithOf(row, shares.get(row.id) ?? [], members.get(row.id) ?? []);
    return {
      id: row.id,
      title: row.title,
      content: row.content,
      transcription: row.transcription,
      transcriptionStatus: row.transcription_status,
      tags: (tags.get(row.id) ?? []).map((tag) => tag.tag),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      userId: row.user_id,
      familyId: row.family_id,
      audioUrl: mediaUrl(row.audio_key),
      audioDuration: durationOf(row.audio_key),
      timelineIds: (timelines.get(row.id) ?? []).map((timeline) => timeline.timeline_id).sort(),
      sharedWith,
      audience: audienceOf(row, sharedWith),
      images: presentImages(own.filter((item) => item.kind === 'image')),
      videos: presentVideos(own),
      followUpResponses: (followUps.get(row.id) ?? []).map(({ question, answer, audio_key, transcription_status }) => ({
        question,
        answer,
        audioUrl: mediaUrl(audio_key),
        audioDuration: durationOf(audio_key),
        transcriptionStatus: transcription_status,
      })),
      creator: presentMember(creators.get(row.user_id)!),
      abilities: memoryAbilities(viewerId, row),
    };
  });
}

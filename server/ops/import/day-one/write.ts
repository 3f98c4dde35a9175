// Writes one planned entry (map.ts) as a memory: its files through the app's own intake first
// (photos re-encoded or stripped of their EXIF, GPS included; recordings and videos by their
// bytes, videos without their place metadata), then its rows in one transaction, so a run
// killed part way leaves at most files no row names (swept at the next start) and is simply
// run again. An entry whose memory is there already is left as it is.
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/index.js';
import { HttpError } from '../../../http/errors.js';
import { statusOfNewRecording, queueWords } from '../../../audio/index.js';
import { discardFiles, recordMedia, stageAudio, stageImage, stageVideo, type NewMedia, type StagedFile, type StagedImage } from '../../../media/index.js';
import { memoryWords } from '../../../memories/index.js';
import type { DayOneExport } from './read.js';
import { mediaIdOf, type PlannedFile, type PlannedMemory } from './map.js';

/** Where the entries go: the timeline, the person they are written by, and its members now (who see them). */
export interface ImportTarget {
  timelineId: string;
  author: { id: string; family_id: string | null };
  members: string[];
}

export interface EntryOutcome {
  added: boolean;
  photos: number;
  voice: boolean;
  videos: number;
  /** Each file or part left out, with its reason. */
  skipped: string[];
}

export const memoryExists = async (db: Db, id: string) => (await db.selectFrom('memories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** What a run would add of `plan`, reading nothing but the plan. */
export const dryOutcome = (plan: PlannedMemory): EntryOutcome => ({
  added: true,
  photos: plan.photos.length,
  voice: plan.audios.length > 0,
  videos: plan.videos.length,
  skipped: plan.skipped,
});

export async function writeEntry(ctx: AppContext, source: DayOneExport, target: ImportTarget, plan: PlannedMemory): Promise<EntryOutcome> {
  const skipped = [...plan.skipped];
  const keys: string[] = [];
  try {
    // A file the intake refuses (a HEIC this sharp cannot read, bytes that are not what they
    // claim) is left out with its reason; the memory keeps the rest.
    const stage = async <T>(files: PlannedFile[], into: (file: PlannedFile) => Promise<T>, keysOf: (staged: T) => string[]) => {
      const staged: { file: PlannedFile; staged: T }[] = [];
      for (const file of files) {
        try {
          const made = await into(file);
          keys.push(...keysOf(made));
          staged.push({ file, staged: made });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          skipped.push(`the ${file.name}: ${error.message}`);
        }
      }
      return staged;
    };
    const photos = await stage(plan.photos, async (file) => stageImage(ctx, await source.open(file.file), file.name), imageKeys);
    const audios = await stage(plan.audios, async (file) => stageAudio(ctx, await source.open(file.file)), (file) => [file.key]);
    const videos = await stage(plan.videos, async (file) => stageVideo(ctx, await source.open(file.file)), (file) => [file.key]);
    const voice = audios[0];
    const voiceStatus = voice ? statusOfNewRecording(ctx, false) : 'none';
    const media: NewMedia[] = [
      ...photos.flatMap(({ file, staged }, position) =>
        (['original', 'display', 'thumbnail'] as const).map((copy) => mediaRow(plan, target, file, staged[copy], 'image', position, copy)),
      ),
      ...videos.map(({ file, staged }, position) => mediaRow(plan, target, file, staged, 'video', position)),
      ...(voice ? [mediaRow(plan, target, voice.file, voice.staged, 'audio', 0)] : []),
    ];
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('memories')
        .values({
          id: plan.id,
          title: plan.title,
          content: plan.content,
          transcription: '',
          user_id: target.author.id,
          family_id: target.author.family_id,
          audio_key: voice?.staged.key ?? null,
          // DESIGN "Who may do what": every member of the timeline sees it, now and later; as a
          // create does, the members now are stored as its shares too (memories/audience.ts).
          audience: 'timeline',
          transcription_status: voiceStatus,
          created_at: plan.createdAt,
          updated_at: plan.updatedAt,
        })
        .execute();
      await trx.insertInto('memory_timelines').values({ memory_id: plan.id, timeline_id: target.timelineId }).execute();
      const sharedWith = [...new Set([target.author.id, ...target.members])];
      await trx.insertInto('memory_shares').values(sharedWith.map((user_id) => ({ memory_id: plan.id, user_id }))).execute();
      if (plan.tags.length > 0) await trx.insertInto('memory_tags').values(plan.tags.map((tag) => ({ memory_id: plan.id, tag }))).execute();
      await recordMedia(trx, media);
      // As createMemory does: a voice saved without words has its job queued with the row.
      if (voiceStatus === 'queued') await queueWords(trx, memoryWords.kind, plan.id);
      // No memory.shared event: years of a journal are not news, and each entry would ring every member's bell.
    });
    return { added: true, photos: photos.length, voice: voice !== undefined, videos: videos.length, skipped };
  } catch (error) {
    await discardFiles(ctx.media, keys);
    throw error;
  }
}

const imageKeys = (image: StagedImage) => [image.original.key, image.display.key, image.thumbnail.key];

function mediaRow(plan: PlannedMemory, target: ImportTarget, file: PlannedFile, staged: StagedFile, kind: NewMedia['kind'], position: number, copy = ''): NewMedia {
  return {
    id: mediaIdOf(plan.uuid, file.kind, file.md5, copy),
    memory_id: plan.id,
    owner_id: target.author.id,
    kind,
    storage_key: staged.key,
    mime_type: staged.mimeType,
    size: staged.size,
    width: staged.width,
    height: staged.height,
    duration: kind === 'audio' ? file.duration : null,
    position,
    created_at: plan.createdAt,
  };
}

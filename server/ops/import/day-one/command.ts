// npm run import:day-one -- FILE.zip --timeline ID [--as EMAIL] [--dry-run] (issue 25 "Beyond
// Heirloom"): a Day One JSON export's entries as memories of one timeline, every member of it
// seeing them. Written by the timeline's owner, or by the member --as names. The export is read
// and checked whole first (read.ts): a problem refuses it before anything is written. Then one
// entry at a time (map.ts decides, write.ts writes), each a memory whose id comes from the
// entry's uuid (and, for what one memory cannot hold, further memories of the same day), so a
// second run, or a run after a killed one, adds only what is missing. --dry-run says what it
// would add and changes nothing. Exit codes: 0 done, 1 refused or failed (the lines say why),
// 2 not understood.
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../../config.js';
import { createContext, type AppContext } from '../../../context.js';
import { openConfiguredDatabase } from '../../../db/open.js';
import sharp from '../../../media/sharp.js';
import { createMediaStore } from '../../../providers/storage/index.js';
import type { CommandIo } from '../../commands.js';
import { counted } from '../../files.js';
import { planEntry } from './map.js';
import { ExportRefused, readDayOneExport, type DayOneExport } from './read.js';
import { dryOutcome, memoryExists, writeEntry, type EntryOutcome, type ImportTarget } from './write.js';

export const DAY_ONE_USAGE = 'Usage: npm run import:day-one -- FILE.zip --timeline ID [--as EMAIL] [--dry-run]';

class UsageError extends Error {}
class Refused extends Error {}

interface Arguments {
  file: string;
  /** The file as the operator named it, for the lines. */
  shown: string;
  timelineId: string;
  as: string | null;
  dryRun: boolean;
}

export function parseDayOneArguments(argv: string[], env: NodeJS.ProcessEnv): Arguments {
  const words = [...argv];
  const positional: string[] = [];
  let timelineId: string | null = null;
  let as: string | null = null;
  let dryRun = false;
  while (words.length > 0) {
    const word = words.shift()!;
    const [option, inline] = word.startsWith('--') && word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, undefined];
    const value = () => {
      const given = inline ?? words.shift();
      if (!given || given.startsWith('--')) throw new UsageError(`${option} needs a value. ${DAY_ONE_USAGE}`);
      return given;
    };
    if (option === '--dry-run' && inline === undefined) dryRun = true;
    else if (option === '--timeline') timelineId = value();
    else if (option === '--as') as = value();
    else if (option.startsWith('-')) throw new UsageError(`Unknown option ${option}. ${DAY_ONE_USAGE}`);
    else positional.push(word);
  }
  if (positional.length !== 1) throw new UsageError(`${positional.length === 0 ? 'Name the Day One export (a .zip)' : 'Name one Day One export'}. ${DAY_ONE_USAGE}`);
  if (!timelineId) throw new UsageError(`Name the timeline the entries go on with --timeline ID. ${DAY_ONE_USAGE}`);
  // npm runs scripts from the package's folder; a relative path means the operator's own.
  return { file: resolve(env.INIT_CWD ?? process.cwd(), positional[0]!), shown: positional[0]!, timelineId, as, dryRun };
}

export async function runDayOneImport(argv: string[], env: NodeJS.ProcessEnv, io: CommandIo): Promise<number> {
  let args: Arguments;
  try {
    args = parseDayOneArguments(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.complain(error.message);
    return 2;
  }
  let source: DayOneExport | null = null;
  try {
    // This tool signs nothing: without a secret, loadConfig would make DATA_DIR/session-secret.
    const config = loadConfig({ ...env, SESSION_SECRET: env.SESSION_SECRET || 'x'.repeat(32) });
    source = await readDayOneExport(args.file, args.shown);
    const media = await createMediaStore(config);
    const { db, dialect, close } = await openConfiguredDatabase(config, { migrate: true });
    const ctx = createContext({ db, dialect, config, media, now: () => new Date() });
    try {
      return await importEntries(ctx, source, args, io);
    } finally {
      await ctx.ai.transcriber.close();
      media.close?.();
      await close();
    }
  } catch (error) {
    if (error instanceof ExportRefused) {
      for (const problem of error.problems) io.complain(problem);
      io.complain(`Nothing was imported: ${counted(error.problems.length, 'problem', 'problems')} in the export.`);
      return 1;
    }
    if (error instanceof Refused || error instanceof ConfigError) {
      for (const line of error.message.split('\n')) io.complain(line);
      return 1;
    }
    throw error;
  } finally {
    source?.close();
  }
}

async function importEntries(ctx: AppContext, source: DayOneExport, args: Arguments, { say, complain }: CommandIo): Promise<number> {
  const target = await targetOf(ctx, args);
  say(`Read ${counted(source.journals.length, 'journal', 'journals')} (${source.journals.join(', ')}): ${counted(source.entries.length, 'entry', 'entries')}.`);
  say(`Into the timeline "${target.name}", written by ${target.authorName}, for every member of the timeline to see.`);
  const heicReadable = (sharp.format.heif.input.fileSuffix ?? []).includes('.heic');
  const totals = { added: 0, already: 0, photos: 0, voices: 0, videos: 0, skipped: 0 };
  for (const entry of source.entries) {
    for (const plan of planEntry(entry, heicReadable)) {
      if (await memoryExists(ctx.db, plan.id)) {
        totals.already++;
        say(`Already there: "${plan.title}" (${plan.label}).`);
        continue;
      }
      const outcome = args.dryRun ? dryOutcome(plan) : await writeEntry(ctx, source, target, plan);
      totals.added++;
      totals.photos += outcome.photos;
      totals.voices += outcome.voice ? 1 : 0;
      totals.videos += outcome.videos;
      totals.skipped += outcome.skipped.length;
      say(`${args.dryRun ? 'Would add' : 'Added'} "${plan.title}" (${plan.label})${describe(outcome)}.`);
      for (const reason of outcome.skipped) complain(`Left out of "${plan.title}" (${plan.label}): ${reason}.`);
    }
  }
  const files = `${counted(totals.photos, 'photo', 'photos')}, ${counted(totals.voices, 'voice', 'voices')}, ${counted(totals.videos, 'video', 'videos')}`;
  const already = `${counted(totals.already, 'memory was', 'memories were')} there already`;
  const left = totals.skipped > 0 ? `; ${counted(totals.skipped, 'thing', 'things')} left out, each said above` : '';
  if (args.dryRun) {
    say(`Dry run: would add ${counted(totals.added, 'memory', 'memories')} (${files}); ${already}${left}. Nothing was changed.`);
    return 0;
  }
  say(`Done: added ${counted(totals.added, 'memory', 'memories')} (${files}); ${already}${left}.`);
  if (totals.voices > 0 && ctx.ai.transcriber.driver !== 'none') say('The words of each voice are written by a running Heirloom (the next one started, if none runs now).');
  return 0;
}

const describe = (outcome: EntryOutcome) => {
  const parts = [
    outcome.photos > 0 ? counted(outcome.photos, 'photo', 'photos') : '',
    outcome.voice ? 'a voice' : '',
    outcome.videos > 0 ? counted(outcome.videos, 'video', 'videos') : '',
  ].filter(Boolean);
  return parts.length > 0 ? `: ${parts.join(', ')}` : '';
};

/** The timeline (it must exist) and its writer: the owner, or the member --as names. */
async function targetOf(ctx: AppContext, args: Arguments): Promise<ImportTarget & { name: string; authorName: string }> {
  const timeline = await ctx.db.selectFrom('timelines').select(['id', 'name', 'user_id']).where('id', '=', args.timelineId).executeTakeFirst();
  if (!timeline) throw new Refused(`There is no timeline ${args.timelineId}. Its id is in its address in Heirloom: /timeline/{id}.`);
  const members = (await ctx.db.selectFrom('timeline_members').select('user_id').where('timeline_id', '=', timeline.id).execute()).map((row) => row.user_id);
  const users = ctx.db.selectFrom('users').select(['id', 'email', 'display_name', 'family_id']);
  const author = args.as
    ? await users.where((eb) => eb(eb.fn('lower', ['email']), '=', args.as!.toLowerCase())).executeTakeFirst()
    : await users.where('id', '=', timeline.user_id).executeTakeFirst();
  if (!author || (args.as && !members.includes(author.id))) {
    throw new Refused(`${args.as} is not a member of the timeline "${timeline.name}": the entries are written by one of its members.`);
  }
  return {
    timelineId: timeline.id,
    author,
    members,
    name: timeline.name,
    authorName: author.display_name ? `${author.display_name} (${author.email})` : author.email,
  };
}

// Recordings saved while no engine was configured (or before issue 22) have no words yet
// (status 'none'). Once an engine is there, each gets the job that writes them: at every start
// of the app with an engine (app.ts; nothing to do once none is left), and on the operator's
// word (`npm run transcribe:missing`, transcribe-missing.ts).
import { loadConfig } from '../config.js';
import { createContext, type AppContext } from '../context.js';
import * as comments from '../comments/index.js';
import { openConfiguredDatabase } from '../db/open.js';
import * as memories from '../memories/index.js';
import { createMediaStore } from '../providers/storage/index.js';
import type { CommandIo } from './commands.js';

/** Queues the words of every recording still without them; answers how many. */
export async function queueMissingWords(ctx: AppContext): Promise<number> {
  return (await memories.queueMissingMemoryWords(ctx)) + (await comments.queueMissingCommentWords(ctx));
}

/**
 * `npm run transcribe:missing`: refused (1) without an engine, since the words would never
 * come; else the jobs are stored, and a running Heirloom (any instance) or the next one started
 * writes the words. Answers the exit code.
 */
export async function transcribeMissing(env: NodeJS.ProcessEnv, { say, complain }: CommandIo): Promise<number> {
  const config = loadConfig({ ...env, SESSION_SECRET: env.SESSION_SECRET || 'x'.repeat(32) });
  if (config.transcriptionEngine === 'none') {
    complain('No engine writes words here: set TRANSCRIBE_URL for a service, or get a model with `npm run models:get -- base`, then run this again.');
    return 1;
  }
  const media = await createMediaStore(config);
  const { db, dialect, close } = await openConfiguredDatabase(config, { migrate: true });
  try {
    const queued = await queueMissingWords(createContext({ db, dialect, config, media, now: () => new Date() }));
    say(
      queued === 0
        ? 'Every recording has its words, or a job writing them.'
        : `Queued ${queued} ${queued === 1 ? 'recording' : 'recordings'}: a running Heirloom writes their words one after another (the next one started, if none runs now).`,
    );
    return 0;
  } finally {
    await close();
  }
}

// Today's Prompts (accounts §2 Home, §7): one looking-back and one looking-forward prompt
// per user, timeline and day, kept until the user refreshes them. A configured chat model
// writes them; otherwise, and whenever it fails, the built-in engine draws them.
import type { FastifyBaseLogger } from 'fastify';
import type { DailyPromptsQuery, RefreshPromptsBody } from '../../common/prompts.js';
import { requireAccess } from '../access/index.js';
import { countAiCall } from '../ai-limits/index.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import type { ChatClient } from '../providers/ai/index.js';
import { drawPair, promptKinds, type PromptKind, type PromptPair } from './engine.js';
import { askModelForPair } from './model.js';
import * as queries from './queries.js';

export interface PromptDeps {
  ctx: AppContext;
  chat: ChatClient;
  /** Where a failing model is reported; the user just gets built-in prompts. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** yyyy-MM-dd of `instant` in `timeZone` (DESIGN "Edge decisions": IANA, default UTC). */
export function dayIn(instant: Date, timeZone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The day's key, after access: DESIGN "Edge decisions": prompts for a timeline only for its members. */
async function dayKey(ctx: AppContext, user: UserRow, timelineId: string | null | undefined, tz: string | undefined): Promise<queries.DayKey> {
  if (timelineId) await requireAccess(ctx.db, user, 'timeline.read', [timelineId]);
  return { userId: user.id, timelineId: timelineId ?? '', day: dayIn(ctx.now(), tz) };
}

interface WrittenPair {
  pair: PromptPair;
  /** Built-in prompts drawn, to be recorded so they are not repeated; none from the model. */
  served: queries.ServedPrompt[];
}

async function writePair({ ctx, chat, log }: PromptDeps, key: queries.DayKey, previous: PromptPair | null): Promise<WrittenPair> {
  // The 'none' driver would refuse anyway; skipping it also spares the timeline lookup.
  if (chat.driver !== 'none') {
    try {
      const timeline = key.timelineId ? await queries.findTimelineContext(ctx.db, key.timelineId) : null;
      return { pair: await askModelForPair(chat, { day: key.day, timeline, previous }), served: [] };
    } catch (error) {
      log?.warn({ err: error }, 'The chat model gave no daily prompts; using the built-in library');
    }
  }
  const history = await queries.findServedPrompts(ctx.db, key.userId, key.timelineId);
  const servedOf = (kind: PromptKind) => new Set(history.filter((row) => row.kind === kind).map((row) => row.prompt));
  const { pair, draws } = drawPair({
    ...key,
    served: { lookingBack: servedOf('lookingBack'), lookingForward: servedOf('lookingForward') },
    previous,
  });
  return { pair, served: promptKinds.map((kind) => ({ kind, ...draws[kind] })) };
}

/** GET /api/prompts/daily: the stored pair of the day, written on the first call. */
export async function dailyPrompts(deps: PromptDeps, user: UserRow, query: DailyPromptsQuery): Promise<PromptPair> {
  const { ctx } = deps;
  const key = await dayKey(ctx, user, query.timelineId, query.tz);
  const stored = await queries.findDailyPair(ctx.db, key);
  if (stored) return stored;
  const { pair, served } = await writePair(deps, key, null);
  return queries.insertDailyPair(ctx.db, key, pair, served, iso(ctx.now()));
}

/** POST /api/prompts/refresh: a new pair for today, sharing neither prompt with the one it replaces. */
export async function refreshPrompts(deps: PromptDeps, user: UserRow, body: RefreshPromptsBody): Promise<PromptPair> {
  const { ctx } = deps;
  // issue 19: a configured model costs the operator; only its calls count (ai-limits), first.
  if (deps.chat.driver !== 'none') await countAiCall(ctx, user, 'promptRefresh');
  const key = await dayKey(ctx, user, body.timelineId, body.tz);
  const previous = (await queries.findDailyPair(ctx.db, key)) ?? null;
  const { pair, served } = await writePair(deps, key, previous);
  await queries.replaceDailyPair(ctx.db, key, pair, served, iso(ctx.now()));
  return pair;
}

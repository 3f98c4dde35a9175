// The answers a signed-in browser's first screen needs, written into the page it is sent
// (issue 8 "First load"; common/page-data.ts), so that screen draws as soon as its script
// runs instead of after a chain of calls: who is signed in, their timelines, on a timeline
// page its first page of memories, on home the spotlight's memory, and the server's settings.
// Each part is the same JSON its API call answers, put through the same schema.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TIMELINE_PAGE_SIZE } from '../common/limits.js';
import { memory as memorySchema, memoryPage, type Memory } from '../common/memories.js';
import type { PageData } from '../common/page-data.js';
import { timeline as timelineSchema } from '../common/timelines.js';
import { user as userSchema } from '../common/users.js';
import { resolveSession } from './auth/index.js';
import type { AppContext } from './context.js';
import type { UserRow } from './db/schema.js';
import { HttpError } from './http/errors.js';
import { sessionCookieName } from './http/session.js';
import { spotlight, timelinePage } from './memories/index.js';
import { listTimelines, presentTimeline } from './timelines/index.js';
import { presentUser } from './users/index.js';
import { publicConfigOf } from './public-config.js';

const timelineList = z.array(timelineSchema);

/** `/timeline` and `/timeline/{id}` (accounts §2 "Route table"); the id, or '' for the active timeline. */
const TIMELINE_PATH = /^\/timeline(?:\/([^/?#]+))?\/?(?:[?#]|$)/;
/** Home, `/` (accounts §2 "Route table"). */
const HOME_PATH = /^\/(?:[?#]|$)/;

/** server/http/web.ts asks this of every page request; no cookie, no query. */
export function pageDataOf(ctx: AppContext): (request: FastifyRequest) => Promise<PageData | null> {
  return async (request) => {
    const token = request.cookies[sessionCookieName(ctx)];
    return token ? pageDataFor(ctx, token, request.url) : null;
  };
}

/** The page data for a request carrying session `token` on `path`, or null when the session is not a live one. */
export async function pageDataFor(ctx: AppContext, token: string, path: string): Promise<PageData | null> {
  const session = await resolveSession(ctx, token);
  if (!session) return null;
  const { timelines, defaultTimelineId } = await listTimelines(ctx, session.user);
  const presented = timelineList.parse(timelines.map((row) => presentTimeline(row, { id: session.user.id, defaultTimelineId })));
  const match = TIMELINE_PATH.exec(path);
  // Without an id the page shows the active timeline: the browser's stored choice, which only
  // it knows, else the default, else the first (ActiveTimeline.tsx). The default is the likely one;
  // a page the browser does not use costs one query and is ignored.
  const timelineId = match ? (match[1] ? decodedId(match[1]) : (defaultTimelineId ?? presented[0]?.id ?? null)) : null;
  return {
    user: userSchema.parse(presentUser(session.user)),
    timelines: presented,
    timelinePage: timelineId ? await firstPage(ctx, session.user, timelineId) : null,
    // Issue 21 "First load": home's largest text is the spotlight's card, drawn with the first render.
    spotlight: HOME_PATH.test(path) ? { memory: await spotlightMemory(ctx, session.user) } : null,
    config: publicConfigOf(ctx),
  };
}

function decodedId(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

async function firstPage(ctx: AppContext, viewer: UserRow, timelineId: string): Promise<PageData['timelinePage']> {
  try {
    const page = await timelinePage(ctx, viewer, timelineId, { limit: TIMELINE_PAGE_SIZE });
    return { timelineId, page: memoryPage.parse(page) };
  } catch (error) {
    // Not a member, or no such timeline: the page asks, and shows its own answer.
    if (error instanceof HttpError) return null;
    throw error;
  }
}

async function spotlightMemory(ctx: AppContext, viewer: UserRow): Promise<Memory | null> {
  const chosen = await spotlight(ctx, viewer);
  return chosen ? memorySchema.parse(chosen) : null;
}

// For the book screens' component tests: the storytellers' live server (the real app on
// loopback, the page's fetch sent there with the signed-in person's cookie) and the screens
// rendered inside the router, the active timeline and the shell's dialog opener as the app
// has them. What a screen shows came from the routes the app calls; a test sets a book's
// progress or outcome on its row, as the job would, since jobs do not run in these tests.
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Memory } from '../../../../common/memories';
import type { User } from '../../../../common/users';
import { randomUUID } from 'node:crypto';
import { iso } from '../../../../server/context';
import { makeMemory, type MadeUser } from '../../../../server/test/factories';
import { ShellDialogsContext, type ShellDialogName } from '../../components/shellDialogs';
import { renderLive, type LiveServer } from '../storytellers/storytellersTestKit';
import { ActiveTimelineProvider } from '../timelines';

export { renderLive, startLiveServer, type LiveServer } from '../storytellers/storytellersTestKit';

/** Where the app is, and what it was handed on the way (the book just made). */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </div>
  );
}

/**
 * `element` at `path` (and the location probe on every page), as the signed-in layout holds it:
 * the active timeline provider (its timelines from the server), the shell's dialog opener.
 */
export function renderInApp(element: ReactElement, options: { path: string; route?: string; defaultTimelineId?: string; onOpenDialog?: (dialog: ShellDialogName) => void }) {
  const user = { defaultTimelineId: options.defaultTimelineId ?? null } as User;
  return renderLive(
    <MemoryRouter initialEntries={[options.path]}>
      <ActiveTimelineProvider user={user}>
        <ShellDialogsContext.Provider value={options.onOpenDialog ?? (() => undefined)}>
          <Routes>
            <Route path={options.route ?? '*'} element={element} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </ShellDialogsContext.Provider>
      </ActiveTimelineProvider>
    </MemoryRouter>,
  );
}

/**
 * A memory of `who` on `timelineId` with one photo (its original's media row) and, if asked,
 * a voice (its recording's key). Written as rows: under jsdom the server's byte gate cannot
 * read an upload (file-type's Uint8Array check fails across jsdom's realm), and these screens
 * read only the rows.
 */
export async function makeMemoryWith(server: LiveServer, who: MadeUser, fields: { title: string; timelineId: string; voice?: boolean; sharedWith?: MadeUser[] }): Promise<{ id: string; photoId: string }> {
  const { ctx } = server.t;
  const memory = await makeMemory(ctx, who.user, { title: fields.title, timelineIds: [fields.timelineId], sharedWith: fields.sharedWith?.map((each) => each.user) });
  const photoId = randomUUID();
  const now = iso(ctx.now());
  await ctx.db
    .insertInto('media')
    .values({ id: photoId, memory_id: memory.id, owner_id: who.user.id, kind: 'image', storage_key: `images/${photoId}.png`, mime_type: 'image/png', size: 100, width: 64, height: 48, duration: null, position: 0, created_at: now })
    .execute();
  if (fields.voice) await ctx.db.updateTable('memories').set({ audio_key: `audio/${randomUUID()}.webm` }).where('id', '=', memory.id).execute();
  return { id: memory.id, photoId };
}

/** GET /api/memories/{id} as `who` sees it (with their abilities). */
export async function memoryAs(server: LiveServer, who: MadeUser, memoryId: string): Promise<Memory> {
  const response = await server.t.app.inject({ method: 'GET', url: `/api/memories/${memoryId}`, headers: { cookie: who.cookie } });
  if (response.statusCode !== 200) throw new Error(`reading a memory: ${response.statusCode} ${response.body}`);
  return response.json<Memory>();
}

/** A book asked for by `who` through POST /api/books; answers its id. */
export async function askForBook(server: LiveServer, who: MadeUser, body: Record<string, unknown>): Promise<string> {
  const response = await server.t.app.inject({ method: 'POST', url: '/api/books', payload: { tz: 'UTC', ...body }, headers: { cookie: who.cookie } });
  if (response.statusCode !== 202) throw new Error(`asking for a book: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

export const booksOf = (server: LiveServer, userId: string) =>
  server.t.ctx.db.selectFrom('books').selectAll().where('requested_by', '=', userId).orderBy('created_at', 'asc').execute();

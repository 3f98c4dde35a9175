// For the storyteller screens' component tests: the real server (server/test/app.ts) listening
// on loopback, the page's fetch sent there with the signed-in person's cookie, and the screens
// rendered inside Mantine and React Query as the app does. No answer is made up: what a screen
// shows came from the routes the app calls.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { CreatedStoryteller } from '../../../../common/storytellers';
import { makeTestApp, type TestApp } from '../../../../server/test/app';
import type { Dialect } from '../../../../server/db/index';
import type { MadeUser } from '../../../../server/test/factories';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';

export interface LiveServer {
  t: TestApp;
  /** Signs the page in as this person (their session cookie on every request); null signs out. */
  signInAs(who: MadeUser | null): void;
  /** A storyteller added by `who` through POST /api/timelines/{id}/storytellers, with their link. */
  addStoryteller(who: MadeUser, timelineId: string, body: { displayName: string; email?: string }): Promise<CreatedStoryteller>;
  close(): Promise<void>;
}

export async function startLiveServer(dialect: Dialect, env: Record<string, string> = {}): Promise<LiveServer> {
  const t = await makeTestApp(dialect, { env });
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const nodeFetch = globalThis.fetch;
  let cookie: string | null = null;
  vi.stubGlobal('fetch', (input: string | URL, init: RequestInit = {}) =>
    nodeFetch(new URL(String(input), origin), { ...init, headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } }),
  );
  return {
    t,
    signInAs(who) {
      cookie = who?.cookie ?? null;
    },
    async addStoryteller(who, timelineId, body) {
      const response = await t.app.inject({ method: 'POST', url: `/api/timelines/${timelineId}/storytellers`, payload: body, headers: { cookie: who.cookie } });
      if (response.statusCode !== 201) throw new Error(`adding a storyteller: ${response.statusCode} ${response.body}`);
      return response.json<CreatedStoryteller>();
    },
    async close() {
      vi.unstubAllGlobals();
      await t.close();
    },
  };
}

/** Renders as the app does: Mantine, and a React Query client that asks once (no retries hiding a refusal). */
export function renderLive(element: ReactElement) {
  installBrowserStandIns();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { client, ...renderWithMantine(<QueryClientProvider client={client}>{element}</QueryClientProvider>) };
}

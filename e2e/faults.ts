// Faults put into the real calls (issue 11): the first N calls of one kind get an error
// answer, every later one goes through to the real server. The page keeps its own log of the
// calls it made and the timers it set, on its (fake) clock, so a retry rule is asserted
// exactly: how many calls, and how far apart.
import { expect, type Page } from '@playwright/test';

/** An answer put in place of the server's: `{message}` (DESIGN "API": every refusal carries one) unless `json` is given. */
export interface FaultAnswer {
  status: number;
  message?: string;
  json?: unknown;
}

export interface CallCounter {
  /** Calls that reached the network: answered with the fault or passed to the server. */
  readonly calls: number;
}

/**
 * Answers the first `times` `method` calls to `url` (a glob such as '**\/api/invites') with
 * `answer`, then lets the rest through. `beforeAnswer` runs as a faulted call arrives, before
 * it is answered (e.g. to hold the page's clock still at that moment).
 */
export async function failFirst(
  page: Page,
  method: string,
  url: string,
  times: number,
  answer: FaultAnswer,
  beforeAnswer?: (call: number) => Promise<void>,
): Promise<CallCounter> {
  const counter = { calls: 0 };
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    counter.calls += 1;
    if (counter.calls > times) return route.continue();
    await beforeAnswer?.(counter.calls);
    await route.fulfill({ status: answer.status, json: answer.json ?? { message: answer.message } });
  });
  return counter;
}

/** Counts the `method` calls to `url` that reach the network, changing nothing. */
export const countCalls = (page: Page, method: string, url: string) => failFirst(page, method, url, 0, { status: 500 });

type PageLogEntry = { kind: 'call'; method: string; path: string; at: number } | { kind: 'timer'; delay: number; at: number };

/**
 * An init script: the page logs each fetch it makes and each timer it sets, with the time on
 * its clock. Add it after page.clock.install(), so it wraps the installed clock's setTimeout.
 */
export function keepPageLog() {
  const log: PageLogEntry[] = [];
  (window as unknown as { __e2ePageLog: PageLogEntry[] }).__e2ePageLog = log;
  const setTimer = window.setTimeout;
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
    log.push({ kind: 'timer', delay: Number(delay ?? 0), at: Date.now() });
    return setTimer(handler, delay, ...rest);
  }) as typeof window.setTimeout;
  const send = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), location.href);
    log.push({ kind: 'call', method: (init?.method ?? request?.method ?? 'GET').toUpperCase(), path: url.pathname, at: Date.now() });
    return send(input, init);
  };
}

const pageLog = (page: Page) => page.evaluate(() => (window as unknown as { __e2ePageLog: PageLogEntry[] }).__e2ePageLog);

/** The times, on the page's clock, at which the page began each `method` call to `path`. */
export async function callTimes(page: Page, method: string, path: string): Promise<number[]> {
  return (await pageLog(page)).flatMap((entry) => (entry.kind === 'call' && entry.method === method && entry.path === path ? [entry.at] : []));
}

/**
 * Waits until, after its `calls`-th `method` call to `path`, the page has set a timer of
 * `delay` ms: the retry is scheduled, so moving the clock now moves it towards that retry.
 */
export async function waitForRetryTimer(page: Page, { method, path, calls, delay }: { method: string; path: string; calls: number; delay: number }) {
  await expect
    .poll(async () => {
      const log = await pageLog(page);
      let seen = 0;
      for (const entry of log) {
        if (entry.kind === 'call' && entry.method === method && entry.path === path) seen += 1;
        else if (entry.kind === 'timer' && seen === calls && entry.delay === delay) return true;
      }
      return false;
    }, { message: `a ${delay} ms timer after call ${calls} to ${path}` })
    .toBe(true);
}

/** The gaps between successive times. */
export const gaps = (times: number[]) => times.slice(1).map((time, index) => time - times[index]!);

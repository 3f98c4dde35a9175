// Time in the end-to-end specs (issue 11): the page's clock (page.clock) is installed before
// navigation, held still once the screen under test shows, and moved on by the spec, so a
// delay is proved to the millisecond and "it did not appear" is said after its window has
// passed on that clock, never after a sleep.
import type { Page } from '@playwright/test';

/**
 * Real milliseconds that may pass between reading the page's time and pausing it: pausing may
 * only move the clock forward, and the clock runs on meanwhile, for longer on a busy machine.
 */
const PAUSE_MARGINS_MS = [50, 250, 1_000];

/**
 * Holds the page's clock still (install it before navigation). Call it once the screen under
 * test shows, and resume once the timing is proved: React reveals a lazily loaded screen on a
 * timer, so a page held still while loading stays half drawn.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (const margin of PAUSE_MARGINS_MS) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + margin);
      return;
    } catch (error) {
      if (!String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
  throw new Error(`The page's clock ran more than ${PAUSE_MARGINS_MS.at(-1)} ms ahead while being paused`);
}

/**
 * Resolves once the page has stopped changing: `quietTurns` posted-message turns in a row with
 * no change to the document. React renders and runs its effects in such turns, and with the
 * clock held still no timer fires meanwhile, so whatever is not on screen now will not come
 * until the clock moves on. A change that waits on the network is not covered: wait for a sign
 * that the answer was handled first.
 */
export async function settle(page: Page, quietTurns = 5): Promise<void> {
  await page.evaluate(
    (needed) =>
      new Promise<void>((resolve) => {
        let quiet = 0;
        const observer = new MutationObserver(() => {
          quiet = 0;
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          // Mutation records are delivered as microtasks, so a change made in the previous
          // turn has reset the count before this one runs.
          quiet += 1;
          if (quiet < needed) return channel.port2.postMessage(null);
          observer.disconnect();
          channel.port1.close();
          resolve();
        };
        channel.port2.postMessage(null);
      }),
    quietTurns,
  );
}

/** One animation frame on the page's clock. */
const FRAME_MS = 16;

/**
 * Moves the held clock on by `ms`, then a few frames more, letting the page settle after each.
 * Mantine draws a transition (a dialog, a tooltip) only on the next animation frame, and the
 * held clock holds frames too: without them, something that fell due would not be in the
 * document yet, and "it did not appear" would prove nothing.
 */
export async function advance(page: Page, ms: number, frames = 4): Promise<void> {
  await page.clock.runFor(ms);
  for (let frame = 0; frame < frames; frame += 1) {
    await settle(page);
    await page.clock.runFor(FRAME_MS);
  }
  await settle(page);
}

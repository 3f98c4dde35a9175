// issue 20 "Never twice": a memory or a comment whose answer is lost on the way back is saved
// once. The first send reaches the real server (route.fetch) and its answer is then cut off in
// the browser (route.abort): one fault in a real call. The retry that follows (the spec's own
// for a memory, the outbox's for a comment, issue 26) carries the same Idempotency-Key, and exactly
// one memory or comment exists afterwards, read through the UI and through the API.
import { expect, test, type Page } from '@playwright/test';
import type { Comment } from '../common/comments';
import type { Memory } from '../common/memories';
import { messages } from '../common/messages';
import { expectToast, openWizard, seenTooltips, signedInWithTimeline, signUp } from './helpers';
import { createMemory, createTimeline } from './memory-fixtures';

interface CutOff {
  /** Creates that reached the server. */
  sent: number;
  /** What the server answered each of them. */
  statuses: number[];
  /** The Idempotency-Key each carried. */
  keys: (string | undefined)[];
}

/**
 * The first POST to `url` reaches the server, and its answer is dropped before the page sees
 * it; later ones go through untouched. Records what each send carried and was answered.
 */
async function cutOffFirstAnswer(page: Page, url: string | RegExp): Promise<CutOff> {
  const seen: CutOff = { sent: 0, statuses: [], keys: [] };
  await page.route(url, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    seen.sent += 1;
    seen.keys.push(await route.request().headerValue('idempotency-key') ?? undefined);
    const response = await route.fetch();
    seen.statuses.push(response.status());
    if (seen.sent === 1) return route.abort('connectionreset');
    return route.fulfill({ response });
  });
  return seen;
}

test.describe('Never twice (issue 20)', () => {
  test.describe.configure({ timeout: 90_000 });

  test("a memory whose answer was cut off is saved once by the spec's retry", async ({ page }) => {
    await signedInWithTimeline(page, { timelineName: 'Family' });
    const cut = await cutOffFirstAnswer(page, '**/api/memories');

    const wizard = await openWizard(page);
    await wizard.getByLabel(messages.captureTitleLabel).fill('The night the lights went out');
    await wizard.getByLabel(messages.notesLabel).fill('We played cards by candlelight until the power came back.');
    await wizard.getByRole('button', { name: messages.next }).click();
    await wizard.getByRole('button', { name: messages.no }).click();
    await wizard.getByRole('button', { name: messages.continue }).click();
    await wizard.getByRole('button', { name: messages.captureSaveMemory }).click();

    // The retry (2 s later) is answered with the memory the first send made.
    await expectToast(page, messages.memorySaved, messages.memorySavedDetail);
    await expect(wizard).toBeHidden();
    expect(cut.sent).toBe(2);
    expect(cut.statuses).toEqual([201, 201]);
    expect(cut.keys[0]).toMatch(/^[\x20-\x7e]{1,200}$/);
    expect(cut.keys[1]).toBe(cut.keys[0]);

    await page.goto('/timeline');
    const entries = page.getByRole('main').getByRole('article');
    await expect(entries).toHaveCount(1);
    await expect(entries).toHaveAttribute('aria-label', 'The night the lights went out');

    const listed = (await (await page.request.get('/api/memories')).json()) as Memory[];
    expect(listed.map((memory) => memory.title)).toEqual(['The night the lights went out']);
  });

  // Issue 26: a comment that got no answer is kept on the device, and the outbox sends it again by itself.
  test('a comment whose answer was cut off is added once when the outbox sends it again', async ({ page }) => {
    await page.addInitScript(seenTooltips);
    await signUp(page, { displayName: 'Ada Lovelace' });
    const timelineId = await createTimeline(page.request, 'Family');
    const memory = await createMemory(page.request, timelineId, { title: 'Harvest supper' });
    const cut = await cutOffFirstAnswer(page, `**/api/memories/${memory.id}/comments`);

    await page.goto(`/timeline?memoryId=${memory.id}`);
    const dialog = page.getByRole('dialog', { name: 'Harvest supper' });
    const box = dialog.getByLabel(messages.commentWriteLabel);
    await box.fill('The pumpkins were enormous!');
    await dialog.getByRole('button', { name: messages.send }).click();
    await expectToast(page, messages.commentKept, messages.commentKeptDetail);
    await expect(box).toHaveValue('');

    await expect(dialog.getByRole('listitem', { name: messages.commentBy('Ada Lovelace') })).toHaveCount(1, { timeout: 30_000 });
    expect(cut.statuses).toEqual([201, 201]);
    expect(cut.keys[1]).toBe(cut.keys[0]);

    await expect(dialog.getByText('The pumpkins were enormous!')).toHaveCount(1);
    const comments = (await (await page.request.get(`/api/memories/${memory.id}/comments`)).json()) as Comment[];
    expect(comments.map((comment) => comment.content)).toEqual(['The pumpkins were enormous!']);
  });
});

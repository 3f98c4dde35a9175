// Issue 26 "a voice comment offline likewise", at phone size against the real server: a voice
// comment recorded with no connection waits under the memory's comments as "Waiting to send",
// survives a reload with no connection (the service worker keeps the app and the memory last
// seen), and is sent by itself when the connection returns; the memory's other member then
// sees it and plays its voice. A voice comment whose answer is cut off half way (the server
// made it; the page never heard) is kept and sent again with the same key: one comment. One
// the server refuses for good shows its words, with Try again and Remove (asked first).
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Comment } from '../common/comments';
import { COMMENT_TEXT_MAX } from '../common/limits';
import { messages } from '../common/messages';
import { expectToast, phone, seenTooltips, seriousViolations, shoot, signUp } from './helpers';
import { createMemory, createTimeline, joinedMember } from './memory-fixtures';

test.use({ viewport: phone });

/** Onboarding's 'Add It to Your Home Screen' offer (shown once at phone size) counts as seen. */
const installOfferSeen = () => localStorage.setItem('pwa-install-shown-mobile', 'true');

/** Ada's memory, shared with Bea, who is on her timeline in another browser. */
async function adaAndBea(page: Page, browser: Browser, title: string) {
  await page.addInitScript(seenTooltips);
  await page.addInitScript(installOfferSeen);
  await signUp(page, { displayName: 'Ada Lovelace' });
  const timelineId = await createTimeline(page.request, 'Family');
  const bea = await joinedMember(browser, page, timelineId, 'Bea Bennett');
  const memory = await createMemory(page.request, timelineId, { title, sharedWith: [bea.id] });
  return { bea, memory };
}

/** A memory link opens the detail dialog (memories §2: the memoryId query parameter). */
async function openMemory(page: Page, memoryId: string, title: string) {
  await page.goto(`/timeline?memoryId=${memoryId}`);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByLabel(messages.commentWriteLabel)).toBeVisible({ timeout: 20_000 });
  return dialog;
}

/** Records about a second and a half with Chromium's fake microphone; Stop sends it. */
async function recordVoiceComment(page: Page, dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByRole('button', { name: messages.commentRecordVoice }).click();
  await expect(dialog.getByText(messages.commentRecordingElapsed('00:01'), { exact: true })).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: messages.commentStopAndSend }).click();
}

/** How many entries the phone's outbox (IndexedDB) holds. */
const outboxCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('heirloom-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('entries').objectStore('entries').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

const commentsOf = async (page: Page, memoryId: string) => (await (await page.request.get(`/api/memories/${memoryId}/comments`)).json()) as Comment[];

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a voice comment recorded offline waits, survives a reload, is sent when the connection returns, and Bea hears it', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const title = 'Harvest supper';
    const { bea, memory } = await adaAndBea(page, browser, title);
    // The worker has taken the page; the memory is then seen once online, as before the train left.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await openMemory(page, memory.id, title);

    await page.context().setOffline(true);
    const dialog = page.getByRole('dialog', { name: title });
    await recordVoiceComment(page, dialog);
    await expectToast(page, messages.commentKept, messages.commentKeptDetail);
    const waiting = dialog.getByRole('list', { name: messages.commentsWaitingList }).getByRole('listitem', { name: messages.commentWaitingBy('Ada Lovelace') });
    await expect(waiting.getByText(messages.outboxWaiting)).toBeVisible();
    await expect(waiting.getByText(messages.commentWaitingVoice)).toBeVisible();
    // Her own recording plays from the phone while it waits.
    await waiting.getByRole('button', { name: messages.commentPlayWaitingVoice }).click();
    await expect(waiting.getByRole('button', { name: messages.commentPauseWaitingVoice })).toBeVisible();
    await waiting.getByRole('button', { name: messages.commentPauseWaitingVoice }).click();
    // The microphone is free for another comment.
    await expect(dialog.getByRole('button', { name: messages.commentRecordVoice })).toBeEnabled();
    await shoot(page, 'offline-comment-waiting', waiting);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await commentsOf(bea.page, memory.id)).toEqual([]);

    // The app loaded again with no connection (the memory's link once more: opening it took the
    // parameter off the address): the memory opens from what the phone kept, the comment still waits.
    const reloaded = await page.goto(`/timeline?memoryId=${memory.id}`);
    expect(reloaded?.fromServiceWorker()).toBe(true);
    const again = page.getByRole('dialog', { name: title });
    const stillWaiting = again.getByRole('listitem', { name: messages.commentWaitingBy('Ada Lovelace') });
    await expect(stillWaiting.getByText(messages.outboxWaiting)).toBeVisible({ timeout: 20_000 });
    await expect(stillWaiting.getByText(messages.commentWaitingVoice)).toBeVisible();

    // The connection returns: it goes by itself, a screen reader hears it went, and it is among the comments.
    await page.context().setOffline(false);
    await expect(again.getByRole('list', { name: messages.commentsWaitingList })).toHaveCount(0, { timeout: 30_000 });
    await expect(again.getByRole('status').filter({ hasText: messages.commentSent })).toHaveCount(1);
    await expect(again.getByRole('button', { name: messages.commentPlayVoice('Ada Lovelace') })).toBeVisible();

    // Bea, on her own phone, sees one voice comment of Ada's and plays it.
    const [comment, ...twice] = await commentsOf(bea.page, memory.id);
    expect(twice).toEqual([]);
    expect(comment!.user.id).not.toBe(bea.id);
    expect(comment!.audioUrl).toBeTruthy();
    const audio = await bea.page.request.get(comment!.audioUrl!);
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toMatch(/^audio\//);
    expect((await audio.body()).length).toBeGreaterThan(100);
    await bea.page.setViewportSize(phone);
    await bea.page.addInitScript(seenTooltips);
    await bea.page.addInitScript(installOfferSeen);
    const beas = await openMemory(bea.page, memory.id, title);
    const play = beas.getByRole('listitem', { name: messages.commentBy('Ada Lovelace') }).getByRole('button', { name: messages.commentPlayVoice('Ada Lovelace') });
    await play.click();
    await expect(beas.getByRole('button', { name: messages.commentPauseVoice('Ada Lovelace') })).toBeVisible();
    await bea.page.context().close();
  });
});

test('a voice comment whose answer is cut off half way is kept, sent again with the same key, and is one comment', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = 'Lost kite';
  const { bea, memory } = await adaAndBea(page, browser, title);
  const dialog = await openMemory(page, memory.id, title);

  // The first send reaches the server, which makes the comment; its answer never reaches the page.
  const keys: (string | null)[] = [];
  const statuses: number[] = [];
  await page.route(`**/api/memories/${memory.id}/comments`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(await route.request().headerValue('idempotency-key'));
    const response = await route.fetch();
    statuses.push(response.status());
    if (keys.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response });
  });
  await recordVoiceComment(page, dialog);
  await expectToast(page, messages.commentKept, messages.commentKeptDetail);

  // The outbox sends it again by itself, with the key the first send carried.
  await expect(dialog.getByRole('list', { name: messages.commentsWaitingList })).toHaveCount(0, { timeout: 30_000 });
  await expect(dialog.getByRole('listitem', { name: messages.commentBy('Ada Lovelace') })).toHaveCount(1);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);
  expect(statuses).toEqual([201, 201]);
  const comments = await commentsOf(bea.page, memory.id);
  expect(comments).toHaveLength(1);
  expect(comments[0]!.audioUrl).toBeTruthy();
  await bea.page.context().close();
});

test("a comment kept offline that the server refuses shows the server's words, and Remove asks first", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = 'Sunday at the allotment';
  const { bea, memory } = await adaAndBea(page, browser, title);
  await bea.page.context().close();
  const dialog = await openMemory(page, memory.id, title);

  // Longer than a comment may be: the server refuses it (sent again, it would be refused again).
  const tooLong = 'We planted beans by the shed. '.repeat(Math.ceil((COMMENT_TEXT_MAX + 1) / 30));
  await page.context().setOffline(true);
  await dialog.getByLabel(messages.commentWriteLabel).fill(tooLong);
  await dialog.getByRole('button', { name: messages.send }).click();
  await expectToast(page, messages.commentKept, messages.commentKeptDetail);
  const item = dialog.getByRole('listitem', { name: messages.commentWaitingBy('Ada Lovelace') });
  await expect(item.getByText(messages.outboxWaiting)).toBeVisible();

  // Back online, the outbox sends it and the server refuses it for good: her words stay, with the server's.
  await page.context().setOffline(false);
  await expect(item.getByText(messages.commentRefused)).toBeVisible({ timeout: 30_000 });
  const refusal = item.getByText(messages.commentTextTooLong);
  await expect(refusal).toBeVisible();
  await expect(item.getByRole('button', { name: messages.commentRetry })).toBeVisible();
  await shoot(page, 'offline-comment-refused', refusal);
  expect(await seriousViolations(page)).toEqual([]);

  // Remove asks first; Cancel keeps it, Remove loses it.
  await item.getByRole('button', { name: messages.commentRemoveWaitingLabel }).click();
  const ask = page.getByRole('dialog', { name: messages.commentRemoveWaitingTitle });
  await expect(ask.getByText(messages.commentRemoveWaitingDetail)).toBeVisible();
  await shoot(page, 'offline-comment-remove-asked');
  await ask.getByRole('button', { name: messages.cancel }).click();
  await expect(ask).toBeHidden();
  expect(await outboxCount(page)).toBe(1);
  await item.getByRole('button', { name: messages.commentRemoveWaitingLabel }).click();
  await page.getByRole('dialog', { name: messages.commentRemoveWaitingTitle }).getByRole('button', { name: messages.commentRemoveWaiting }).click();
  await expect(item).toHaveCount(0);
  // Gone from the phone too, not only from the screen; and nothing reached the memory.
  expect(await outboxCount(page)).toBe(0);
  expect(await commentsOf(page, memory.id)).toEqual([]);
});

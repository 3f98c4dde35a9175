// memories §2 (comments in the memory detail dialog), §4 (voice comment sent by itself once
// stopped), §5 ('Empty comment'), §6 (only the author deletes), §8 (toasts): two people on one
// timeline, in two browsers, against the real server; the microphone is Chromium's fake one.
import { expect, test, type Page } from '@playwright/test';
import { expectToast, seenTooltips, seriousViolations, signUp, textPattern } from './helpers';
import { createMemory, createTimeline, currentUserId, joinedMember } from './memory-fixtures';
import { messages } from '../common/messages';

/** A memory link opens the detail dialog (memories §2: the memoryId query parameter). */
async function openMemory(page: Page, memoryId: string, title: string) {
  await page.goto(`/timeline?memoryId=${memoryId}`);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('button', { name: messages.hearYourVoice })).toBeVisible({ timeout: 15_000 });
  return dialog;
}

/** Presses Tab until the element with this accessible name has focus: the keyboard alone. */
async function tabTo(page: Page, name: string, limit = 80) {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const labelled = element.getAttribute('aria-label');
      if (labelled) return labelled;
      const id = element.id;
      return (id && document.querySelector(`label[for="${id}"]`)?.textContent?.trim()) || element.textContent?.trim() || '';
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

test.describe('Comments', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a second person comments by text and by voice; the creator sees both and plays the voice', async ({ page, browser }) => {
    await page.addInitScript(seenTooltips);
    await signUp(page, { displayName: 'Ada Lovelace' });
    const timelineId = await createTimeline(page.request, 'Family');
    const bea = await joinedMember(browser, page, timelineId, 'Bea Bennett');
    await bea.page.addInitScript(seenTooltips);
    const memory = await createMemory(page.request, timelineId, { title: 'Harvest supper', sharedWith: [bea.id] });

    const beaDialog = await openMemory(bea.page, memory.id, 'Harvest supper');
    // A viewer may comment and download, never edit, share or delete (memories §6).
    const actions = beaDialog.getByRole('group', { name: messages.detailActions });
    await expect(actions.getByRole('button', { name: messages.downloadMemory })).toBeVisible();
    await expect(actions.getByRole('button')).toHaveCount(1);

    // Send stays disabled while the box is blank (memories §5).
    await expect(beaDialog.getByRole('button', { name: messages.send })).toBeDisabled();

    // The whole box by keyboard alone: Tab to it, type, Enter sends.
    await tabTo(bea.page, 'Write a comment');
    await bea.page.keyboard.press('Enter');
    await expectToast(bea.page, messages.commentToastEmpty, messages.commentToastEmptyDetail);
    await tabTo(bea.page, 'Write a comment');
    await bea.page.keyboard.type('The pumpkins were enormous!');
    await bea.page.keyboard.press('Enter');
    await expectToast(bea.page, messages.commentToastAdded);
    await expect(beaDialog.getByText('The pumpkins were enormous!')).toBeVisible();
    await expect(beaDialog.getByLabel(messages.commentWriteLabel)).toHaveValue('');

    await beaDialog.getByRole('button', { name: messages.commentRecordVoice }).click();
    // A second of sound at least, counted by the recorder itself.
    await expect(beaDialog.getByText(messages.commentRecordingElapsed('00:01'), { exact: true })).toBeVisible();
    await beaDialog.getByRole('button', { name: messages.commentStopAndSend }).click();
    await expectToast(bea.page, messages.commentToastAdded);
    await expect(beaDialog.getByRole('button', { name: messages.commentPlayVoice('Bea Bennett') })).toBeVisible();
    expect(await seriousViolations(bea.page)).toEqual([]);

    // The creator sees both, with the author, 'ago', and plays the voice comment.
    const adaDialog = await openMemory(page, memory.id, 'Harvest supper');
    const comments = adaDialog.getByRole('listitem', { name: messages.commentBy('Bea Bennett') });
    await expect(comments).toHaveCount(2);
    await expect(comments.filter({ hasText: 'The pumpkins were enormous!' }).getByText(/ ago$/)).toBeVisible();
    // Only the author may delete (memories §6).
    await expect(adaDialog.getByRole('button', { name: textPattern(messages.commentDelete('')) })).toHaveCount(0);
    const play = adaDialog.getByRole('button', { name: messages.commentPlayVoice('Bea Bennett') });
    await play.click();
    await expect(adaDialog.getByRole('button', { name: messages.commentPauseVoice('Bea Bennett') })).toBeVisible();
    await adaDialog.getByRole('button', { name: messages.commentPauseVoice('Bea Bennett') }).click();
    await expect(play).toBeVisible();

    // The author deletes a comment by keyboard alone.
    await bea.page.reload();
    const again = await openMemory(bea.page, memory.id, 'Harvest supper');
    await tabTo(bea.page, messages.commentDelete('Bea Bennett'));
    await bea.page.keyboard.press('Enter');
    await expectToast(bea.page, messages.commentToastDeleted);
    await expect(again.getByRole('listitem', { name: messages.commentBy('Bea Bennett') })).toHaveCount(1);
    const stored = (await (await page.request.get(`/api/memories/${memory.id}/comments`)).json()) as unknown[];
    expect(stored).toHaveLength(1);
    expect(await currentUserId(bea.page.request)).toBe(bea.id);
  });

  test("a comment on a memory deleted meanwhile fails with 'Failed to add comment. Please try again.', and deleting one with 'Failed to delete comment. Please try again.'", async ({ page }) => {
    await page.addInitScript(seenTooltips);
    await signUp(page, { displayName: 'Ada Lovelace' });
    const timelineId = await createTimeline(page.request, 'Family');
    const memory = await createMemory(page.request, timelineId, { title: 'Lost kite' });
    const dialog = await openMemory(page, memory.id, 'Lost kite');
    await dialog.getByLabel(messages.commentWriteLabel).fill('It flew over the church');
    await dialog.getByRole('button', { name: messages.send }).click();
    await expectToast(page, messages.commentToastAdded);

    expect((await page.request.delete(`/api/memories/${memory.id}`)).status()).toBe(200);
    await dialog.getByLabel(messages.commentWriteLabel).fill('Still there?');
    await dialog.getByRole('button', { name: messages.send }).click();
    await expectToast(page, messages.errorTitle, messages.commentToastAddFailed);
    await expect(dialog.getByLabel(messages.commentWriteLabel)).toHaveValue('Still there?');

    await dialog.getByRole('button', { name: messages.commentDelete('Ada Lovelace') }).click();
    await expectToast(page, messages.errorTitle, messages.commentToastDeleteFailed);
  });
});

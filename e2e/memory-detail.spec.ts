// memories §2 "Memory detail dialog" (read and edit views), §4 (edit, mark for deletion,
// Undo, Save, Cancel), §5 (edit limits), §8 (every toast these screens show), against the
// real server in Chromium.
import { expect, test, type Page } from '@playwright/test';
import type { Memory } from '../common/memories';
import { expectToast, recordVoice, recordWebm, seriousViolations, signUp } from './helpers';
import { findSmallThings } from './legibility-audit';
import { createMemory, createTimeline, png } from './memory-fixtures';
import { messages } from '../common/messages';

/** Opens the memory from the home spotlight card's 'View memory' (the only memory there). */
async function openFromCard(page: Page, title: string) {
  await page.goto('/');
  await page.getByRole('button', { name: messages.homeSpotlightReveal }).click();
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: messages.viewMemory }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('button', { name: messages.hearYourVoice })).toBeVisible({ timeout: 15_000 });
  return dialog;
}

async function ownerWithMemory(page: Page, images = 2) {
  // The home tooltips (memories §4) are other specs' subject; seen already here.
  await page.addInitScript(() => {
    localStorage.setItem('welcome-tooltip-seen', 'true');
    localStorage.setItem('timeline-tooltip-memory-count', '1');
  });
  await signUp(page, { displayName: 'Ada Lovelace' });
  const timelineId = await createTimeline(page.request, 'Family');
  const pictures = await Promise.all(['#e11d48', '#2563eb', '#16a34a'].slice(0, images).map((colour) => png(colour)));
  const memory = await createMemory(page.request, timelineId, { title: 'Bonfire night', content: 'Sparklers in the garden.' }, pictures);
  return { memory, timelineId };
}

test.describe('Memory detail dialog', () => {
  // Sign-up, uploads and a lazily loaded dialog on a machine shared by several runs.
  test.describe.configure({ timeout: 60_000 });

  test('opens from a card and shows the creator, date, photos, notes, timelines and the owner actions', async ({ page }) => {
    await ownerWithMemory(page);
    const dialog = await openFromCard(page, 'Bonfire night');

    await expect(dialog.getByText('Ada Lovelace')).toBeVisible();
    await expect(dialog.getByText(/^Today at \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
    await expect(dialog.getByTestId('memory-image')).toHaveCount(2);
    await expect(dialog.getByText('Sparklers in the garden.')).toBeVisible();
    await expect(dialog.getByRole('group', { name: messages.timelines }).getByText('Family')).toBeVisible();
    for (const action of [messages.detailEdit, messages.detailShare, messages.downloadMemory, messages.detailDelete]) {
      await expect(dialog.getByRole('group', { name: messages.detailActions }).getByRole('button', { name: action })).toBeVisible();
    }
    await expect(dialog.getByText(messages.commentsNone)).toBeVisible();

    expect(await seriousViolations(page)).toEqual([]);
    // Issue 8 accessibility: every word 16 px, badges too, and 44 px targets (legibility-audit.ts).
    expect(await findSmallThings(page, dialog)).toEqual({ smallControls: [], smallText: [], smallBodyText: [], smallWords: [] });

    // memories §8: no recording, said so; memories §7: Download saves the memory's zip.
    await dialog.getByRole('button', { name: messages.hearYourVoice }).click();
    await expectToast(page, messages.detailNoAudio, messages.detailNoAudioDetail);
    const saved = page.waitForEvent('download');
    await dialog.getByRole('button', { name: messages.downloadMemory }).click();
    expect((await saved).suggestedFilename()).toMatch(/^memory_.+_bonfire_night_\d{4}_\d{2}_\d{2}_\d{4}\.zip$/);
    await expectToast(page, messages.downloadComplete);

    await dialog.getByRole('button', { name: messages.detailClose }).click();
    await expect(dialog).toBeHidden();
  });

  test('a photo opens full screen in a new window with a close button', async ({ page, context }) => {
    await ownerWithMemory(page, 1);
    const dialog = await openFromCard(page, 'Bonfire night');
    const [viewer] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: messages.detailOpenFullScreen(messages.detailPhotoOf(1, 'Bonfire night')) }).click(),
    ]);
    const picture = viewer.getByRole('img', { name: messages.detailPhotoOf(1, 'Bonfire night') });
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
    const closed = viewer.waitForEvent('close');
    await viewer.getByRole('button', { name: messages.closeViewer }).click();
    await closed;
  });

  test('editing title, date and tags, marking a photo for deletion, Undo, marking again and saving removes it everywhere', async ({ page }) => {
    const { memory } = await ownerWithMemory(page);
    const doomed = memory.images[0]!;
    const dialog = await openFromCard(page, 'Bonfire night');

    await dialog.getByRole('button', { name: messages.detailEdit }).click();
    const title = dialog.getByLabel(messages.captureTitleLabel);
    await title.fill('   ');
    await expect(dialog.getByText(messages.memoryTitleEmpty)).toBeVisible();
    await expect(dialog.getByRole('button', { name: messages.editSave })).toBeDisabled();
    await title.fill('Bonfire night 1999');

    // The date: typed into the picker (no future date, memories §5).
    const date = dialog.getByLabel(messages.editDateLabel);
    await date.fill('Nov 5, 1999');
    await date.press('Tab');
    await expect(date).toHaveValue('Nov 5, 1999');

    const tags = dialog.getByLabel(messages.memoryTagsLabel);
    await tags.fill(' fireworks ');
    await tags.press('Enter');
    await tags.fill('fireworks');
    await tags.press('Enter');
    await tags.fill('family');
    await tags.press('Enter');

    const photo = dialog.getByRole('group', { name: messages.editPhotoTile(1) });
    await photo.getByRole('button', { name: messages.editDeleteTile(messages.editPhotoTile(1)) }).click();
    await expectToast(page, messages.detailImageMarkedForDeletion);
    await expect(photo.getByText(messages.detailMarkedForDeletion)).toBeVisible();
    await photo.getByRole('button', { name: messages.editUndoKeep(messages.editPhotoTile(1)) }).click();
    await expect(photo.getByText(messages.detailMarkedForDeletion)).toBeHidden();
    await photo.getByRole('button', { name: messages.editDeleteTile(messages.editPhotoTile(1)) }).click();
    await expectToast(page, messages.detailImageMarkedForDeletion);

    await dialog.getByRole('button', { name: messages.editSave }).click();
    await expectToast(page, messages.detailMemoryUpdated);

    const saved = page.getByRole('dialog', { name: 'Bonfire night 1999' });
    await expect(saved.getByRole('button', { name: messages.detailEdit })).toBeVisible();
    await expect(saved.getByTestId('memory-image')).toHaveCount(1);
    await expect(saved.getByText('Nov 5, 1999')).toBeVisible();
    // Trimmed, the duplicate ignored (memories §5); the server keeps them in its own order.
    await expect(saved.getByRole('group', { name: messages.memoryTagsLabel }).getByText(/^#/)).toHaveCount(2);
    await expect(saved.getByRole('group', { name: messages.memoryTagsLabel })).toContainText('#fireworks');
    await expect(saved.getByRole('group', { name: messages.memoryTagsLabel })).toContainText('#family');

    const stored = (await (await page.request.get(`/api/memories/${memory.id}`)).json()) as Memory;
    expect(stored.title).toBe('Bonfire night 1999');
    expect([...stored.tags].sort()).toEqual(['family', 'fireworks']);
    expect(new Date(stored.createdAt).getFullYear()).toBe(1999);
    expect(stored.images.map((image) => image.id)).toEqual([memory.images[1]!.id]);
    for (const address of [doomed.url, doomed.thumbnailUrl, doomed.originalUrl]) {
      expect((await page.request.get(address)).status(), address).toBe(404);
    }
  });

  test('Cancel forgets every change; a fourth photo is refused with the limit toast', async ({ page }) => {
    const { memory } = await ownerWithMemory(page, 3);
    const dialog = await openFromCard(page, 'Bonfire night');
    await dialog.getByRole('button', { name: messages.detailEdit }).click();
    await expect(dialog.getByLabel(messages.captureTitleLabel)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Issue 8 accessibility: every word 16 px, badges too, and 44 px targets (legibility-audit.ts).
    expect(await findSmallThings(page, dialog)).toEqual({ smallControls: [], smallText: [], smallBodyText: [], smallWords: [] });

    await dialog.getByRole('button', { name: messages.captureAddPhotos(3, 3) }).click();
    await expectToast(page, messages.detailMaxImagesReached, messages.detailMaxImagesReachedDetail);

    await dialog.getByRole('group', { name: messages.editPhotoTile(2) }).getByRole('button', { name: messages.editDeleteTile(messages.editPhotoTile(2)) }).click();
    await expectToast(page, messages.detailImageMarkedForDeletion);
    const extra = await png('#facc15');
    await dialog.locator(`input[aria-label="${messages.captureChoosePhotos}"]`).setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: extra },
      { name: 'two.png', mimeType: 'image/png', buffer: extra },
    ]);
    await expectToast(page, messages.detailMaxImagesReached, messages.detailMaxImagesReachedDetail);
    await expect(dialog.getByRole('img', { name: messages.editNewPhoto('one.png') })).toBeVisible();
    await expect(dialog.getByRole('img', { name: messages.editNewPhoto('two.png') })).toHaveCount(0);

    // The Undo would make four: refused.
    await dialog.getByRole('button', { name: messages.editUndoKeep(messages.editPhotoTile(2)) }).click();
    await expectToast(page, messages.detailMaxImagesReached, messages.detailMaxImagesReachedDetail);

    await dialog.getByLabel(messages.captureTitleLabel).fill('Something else');
    // Closing mid-edit asks first, and keeping on editing keeps what was typed.
    await dialog.getByRole('button', { name: messages.detailClose }).click();
    const leave = page.getByRole('dialog', { name: messages.leaveEditTitle });
    await expect(leave.getByText(messages.leaveEditDetail)).toBeVisible();
    await leave.getByRole('button', { name: messages.keepEditing }).click();
    await expect(leave).toBeHidden();
    await expect(dialog.getByLabel(messages.captureTitleLabel)).toHaveValue('Something else');
    await dialog.getByRole('button', { name: messages.cancel }).click();
    await expect(dialog.getByTestId('memory-image')).toHaveCount(3);
    await expect(page.getByRole('dialog', { name: 'Bonfire night' })).toBeVisible();
    await dialog.getByRole('button', { name: messages.detailEdit }).click();
    await expect(dialog.getByLabel(messages.captureTitleLabel)).toHaveValue('Bonfire night');
    await expect(dialog.getByText(messages.detailMarkedForDeletion)).toHaveCount(0);

    const stored = (await (await page.request.get(`/api/memories/${memory.id}`)).json()) as Memory;
    expect(stored.images).toHaveLength(3);

    // Discarding on purpose closes the dialog and saves nothing.
    await dialog.getByLabel(messages.captureTitleLabel).fill('Never saved');
    await dialog.getByRole('button', { name: messages.detailClose }).click();
    await page.getByRole('dialog', { name: messages.leaveEditTitle }).getByRole('button', { name: messages.discardChanges }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const after = (await (await page.request.get(`/api/memories/${memory.id}`)).json()) as Memory;
    expect(after.title).toBe('Bonfire night');
  });

  test("a video over 250MB rejects the whole selection with 'File too large'", async ({ page }) => {
    await ownerWithMemory(page, 0);
    const dialog = await openFromCard(page, 'Bonfire night');
    await dialog.getByRole('button', { name: messages.detailEdit }).click();
    // A sparse file object: the picker judges the size before reading a byte.
    await page.evaluate((label) => {
      const input = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
      const small = new File([new Uint8Array(10)], 'small.mp4', { type: 'video/mp4' });
      const big = new File([new Uint8Array(10)], 'big.mp4', { type: 'video/mp4' });
      Object.defineProperty(big, 'size', { value: 250 * 1024 * 1024 + 1 });
      const transfer = new DataTransfer();
      transfer.items.add(small);
      transfer.items.add(big);
      Object.defineProperty(input, 'files', { value: [small, big], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }, messages.editChooseVideos);
    await expectToast(page, messages.detailVideoTooLarge, messages.detailVideoTooLargeDetail);
    await expect(dialog.getByText(new RegExp(`^${messages.editNewVideo('')}`))).toHaveCount(0);
  });

  test("delete from the dialog asks 'Are you sure?', then 'Memory deleted' closes it", async ({ page }) => {
    const { memory } = await ownerWithMemory(page, 0);
    const dialog = await openFromCard(page, 'Bonfire night');
    await dialog.getByRole('group', { name: messages.detailActions }).getByRole('button', { name: messages.detailDelete }).click();
    const confirm = page.getByRole('dialog', { name: messages.deleteMemoryTitle });
    await expect(confirm.getByText(messages.deleteMemoryDetail)).toBeVisible();
    await confirm.getByRole('button', { name: messages.detailDelete }).click();
    await expectToast(page, messages.memoryDeleted);
    await expect(page.getByRole('dialog', { name: 'Bonfire night' })).toBeHidden();
    expect((await page.request.get(`/api/memories/${memory.id}`)).status()).toBe(404);
  });

  test('a video added in the edit view is saved; marking it says so; a third video is refused', async ({ page }) => {
    const { memory } = await ownerWithMemory(page, 0);
    const clip = await recordWebm(page, 1200);
    const dialog = await openFromCard(page, 'Bonfire night');
    await dialog.getByRole('button', { name: messages.detailEdit }).click();
    await dialog.locator(`input[aria-label="${messages.editChooseVideos}"]`).setInputFiles({ name: 'sparklers.webm', mimeType: 'video/webm', buffer: clip });
    await expect(dialog.getByText(messages.editNewVideo('sparklers.webm'))).toBeVisible();
    await dialog.getByRole('button', { name: messages.editSave }).click();
    await expectToast(page, messages.detailMemoryUpdated);
    await expect(dialog.getByTestId('memory-video')).toHaveCount(1);

    await dialog.getByRole('button', { name: messages.detailEdit }).click();
    await dialog.locator(`input[aria-label="${messages.editChooseVideos}"]`).setInputFiles([
      { name: 'two.webm', mimeType: 'video/webm', buffer: clip },
      { name: 'three.webm', mimeType: 'video/webm', buffer: clip },
    ]);
    await expectToast(page, messages.maxVideosTitle, messages.detailMaxVideosReachedDetail);
    await expect(dialog.getByText(new RegExp(`^${messages.editNewVideo('')}`))).toHaveCount(1);
    await dialog.getByRole('button', { name: messages.editDeleteTile(messages.editVideoTile(1)) }).click();
    await expectToast(page, messages.detailVideoMarkedForDeletion);
    await expect(dialog.getByRole('group', { name: messages.editVideoTile(1) }).getByText(messages.detailMarkedForDeletion)).toBeVisible();
    await dialog.getByRole('button', { name: messages.cancel }).click();
    const stored = (await (await page.request.get(`/api/memories/${memory.id}`)).json()) as Memory;
    expect(stored.videos).toHaveLength(1);
  });

  test("failures say 'Failed to update timelines', 'Failed to update memory' and 'Failed to delete memory', each with 'Please try again.'", async ({ page }) => {
    const { memory, timelineId } = await ownerWithMemory(page, 0);
    const holiday = await createTimeline(page.request, 'Holiday');
    const dialog = await openFromCard(page, 'Bonfire night');

    await dialog.getByRole('button', { name: messages.detailEdit }).click();
    await dialog.getByRole('checkbox', { name: 'Family', exact: true }).uncheck();
    await expect(dialog.getByText(messages.memoryTimelineRequired)).toBeVisible();
    await dialog.getByRole('button', { name: messages.editSave }).click();
    await expectToast(page, messages.errorTitle, messages.memoryTimelineRequired);
    await dialog.getByRole('checkbox', { name: 'Holiday' }).check();
    // The chosen timeline is deleted meanwhile: the memory is saved, its second step refused.
    expect((await page.request.delete(`/api/timelines/${holiday}`)).status()).toBe(200);
    await dialog.getByLabel(messages.captureTitleLabel).fill('Bonfire night, renamed');
    await dialog.getByRole('button', { name: messages.editSave }).click();
    await expectToast(page, messages.errorTitle, messages.detailTimelinesUpdateFailed);
    const afterTimelines = (await (await page.request.get(`/api/memories/${memory.id}`)).json()) as Memory;
    expect(afterTimelines.title).toBe('Bonfire night, renamed');
    expect(afterTimelines.timelineIds).toEqual([timelineId]);

    // The memory itself is deleted meanwhile.
    expect((await page.request.delete(`/api/memories/${memory.id}`)).status()).toBe(200);
    await dialog.getByLabel(messages.captureTitleLabel).fill('Gone already');
    await dialog.getByRole('button', { name: messages.editSave }).click();
    await expectToast(page, messages.errorTitle, messages.detailMemoryUpdateFailed);
    await dialog.getByRole('button', { name: messages.cancel }).click();
    await dialog.getByRole('group', { name: messages.detailActions }).getByRole('button', { name: messages.detailDelete }).click();
    await page.getByRole('dialog', { name: messages.deleteMemoryTitle }).getByRole('button', { name: messages.detailDelete }).click();
    await expectToast(page, messages.errorTitle, messages.detailMemoryDeleteFailed);
  });

  test('closing by Escape gives focus back to the control that opened the dialog (issue 9)', async ({ page }) => {
    const { memory } = await ownerWithMemory(page, 0);
    await page.goto('/');
    await page.getByRole('button', { name: messages.homeSpotlightReveal }).click();
    const card = page.getByRole('article', { name: 'Bonfire night' });

    // The detail dialog mounts on opening and unmounts on closing, each time.
    const view = card.getByRole('button', { name: messages.viewMemory });
    const dialog = page.getByRole('dialog', { name: 'Bonfire night' });
    for (const round of [1, 2]) {
      await view.focus();
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('button', { name: messages.hearYourVoice }), `opening ${round}`).toBeVisible({ timeout: 15_000 });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(view, `closing ${round}`).toBeFocused();
    }

    // The card's bin: its confirmation loads on the first opening, then stays.
    const bin = card.getByRole('button', { name: messages.cardDeleteMemory('Bonfire night') });
    const confirm = page.getByRole('dialog', { name: messages.deleteMemoryTitle });
    for (const round of [1, 2]) {
      await bin.focus();
      await page.keyboard.press('Enter');
      await expect(confirm.getByRole('button', { name: messages.cancel }), `opening ${round}`).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      await expect(bin, `closing ${round}`).toBeFocused();
    }

    // Delete inside the detail dialog: back on Delete, still inside the dialog.
    await view.focus();
    await page.keyboard.press('Enter');
    // The dialog puts focus inside itself once it has opened; the test moves it only after that,
    // or the dialog's own first focus would take it back and Enter would land elsewhere.
    await expect(dialog.getByRole('button', { name: messages.hearYourVoice })).toBeVisible({ timeout: 15_000 });
    await expect(dialog.locator(':focus')).toHaveCount(1);
    const remove = dialog.getByRole('group', { name: messages.detailActions }).getByRole('button', { name: messages.detailDelete });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(confirm.getByRole('button', { name: messages.cancel })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(dialog).toBeVisible();
    // Escape cancelled every confirmation: nothing was deleted.
    expect((await page.request.get(`/api/memories/${memory.id}`)).status()).toBe(200);
  });

  test('a memory that cannot be opened says so clearly', async ({ page }) => {
    await ownerWithMemory(page, 0);
    await page.goto('/timeline?memoryId=no-such-memory');
    const dialog = page.getByRole('dialog', { name: messages.detailMemoryNotAvailable });
    await expect(dialog.getByText(messages.detailMemoryNotAvailableDetail)).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test("'Hear your voice' plays the memory's recording and pauses it", async ({ page }) => {
    const { timelineId } = await ownerWithMemory(page, 0);
    // Long enough that it is still playing when Pause is pressed.
    const voice = await recordVoice(page, 4000);
    const form = new FormData();
    form.append('title', 'Voice of the sea');
    form.append('timelineIds', JSON.stringify([timelineId]));
    form.append('audio', new Blob([new Uint8Array(voice)], { type: 'audio/webm' }), 'voice.webm');
    const created = await page.request.post('/api/memories', { multipart: form });
    expect(created.status(), await created.text()).toBe(201);
    const memory = (await created.json()) as Memory;
    expect(memory.audioUrl).not.toBeNull();

    await page.goto(`/timeline?memoryId=${memory.id}`);
    const dialog = page.getByRole('dialog', { name: 'Voice of the sea' });
    const hear = dialog.getByRole('button', { name: messages.hearYourVoice });
    await expect(hear).toHaveAttribute('aria-pressed', 'false', { timeout: 15_000 });
    await hear.click();
    await expect(hear).toHaveAttribute('aria-pressed', 'true');
    await hear.click();
    await expect(hear).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

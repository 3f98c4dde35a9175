// Issue 20 "Caught where it happens", in the real UI: a chosen file is checked by its bytes at
// once and refused by name; the title says its length in the field; a fourth photo is left out
// kindly; and the first follow-up question after tapping one of the day's prompts is not that
// prompt. Run on port 3114.
import { expect, test, type Page } from '@playwright/test';
import { ANY_NUMBER, openWizard, signedInWithTimeline, textPattern } from './helpers';
import { CAPTURE_IMAGES_MAX } from '../common/limits';
import { messages } from '../common/messages';

/** Small real photos, made by the browser's own canvas. */
async function photos(page: Page, names: string[]) {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 24;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#e67e22';
    context.fillRect(0, 0, 32, 24);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/jpeg', 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return names.map((name) => ({ name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') }));
}

test.describe('Caught where it happens', () => {
  test('a text file renamed notes.jpg is refused at once by its name, and nothing is added', async ({ page }) => {
    await signedInWithTimeline(page);
    const wizard = await openWizard(page);
    await wizard.locator(`input[aria-label="${messages.captureChoosePhotos}"]`).setInputFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('Remember to buy milk, eggs and bread.\n'),
    });
    await expect(wizard.getByRole('alert').filter({ hasText: messages.fileNotAPhoto('notes.jpg') })).toBeVisible();
    await expect(wizard.getByRole('button', { name: messages.captureAddPhotos(0, CAPTURE_IMAGES_MAX) })).toBeVisible();
    await expect(wizard.getByRole('img', { name: textPattern(messages.capturePhotoPreview(ANY_NUMBER, '')) })).toHaveCount(0);

    await wizard.locator(`input[aria-label="${messages.captureChooseVideo}"]`).setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a film at all') });
    await expect(wizard.getByRole('alert').filter({ hasText: messages.fileNotAVideo('clip.mp4') })).toBeVisible();
    await expect(wizard.getByText(messages.videoBadge, { exact: true })).toHaveCount(0);
  });

  test('a 700-character title pasted is cut at 200 with the limit said in the field at once, and the rest starts the notes', async ({ page }) => {
    await signedInWithTimeline(page);
    const wizard = await openWizard(page);
    const title = wizard.getByLabel(messages.captureTitleLabel);
    await expect(wizard.getByText(messages.titleLengthHint(200))).toBeVisible();
    await title.focus();
    // One insertion of the whole text, as a paste makes it (a single input event).
    await page.keyboard.insertText('x'.repeat(700));
    await expect(wizard.getByRole('alert').filter({ hasText: messages.titleRestMovedToNotes(200) })).toBeVisible();
    await expect(title).toHaveValue('x'.repeat(200));
    // Nothing pasted is lost: what did not fit is in the notes.
    await expect(wizard.getByLabel(messages.notesLabel)).toHaveValue('x'.repeat(500));
    await expect(wizard.getByText(messages.titleCharactersLeft(0))).toBeVisible();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await expect(wizard.getByText(messages.titleCharactersLeft(2))).toBeVisible();
  });

  test('a fourth photo chosen: the first three stay and the picker says so kindly, by name', async ({ page }) => {
    await signedInWithTimeline(page);
    const wizard = await openWizard(page);
    await wizard.locator(`input[aria-label="${messages.captureChoosePhotos}"]`).setInputFiles(await photos(page, ['lake.jpg', 'boat.jpg', 'picnic.jpg', 'sunset.jpg']));
    const notice = wizard.getByRole('alert').filter({ hasText: messages.photosKeptFirst(3) });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(messages.fileNotAdded('sunset.jpg'));
    await expect(wizard.getByRole('img', { name: textPattern(messages.capturePhotoPreview(ANY_NUMBER, '')) })).toHaveCount(3);
    await expect(wizard.getByRole('img', { name: messages.capturePhotoPreview(3, 'picnic.jpg') })).toBeVisible();
    await expect(wizard.getByRole('button', { name: messages.captureAddPhotos(3, CAPTURE_IMAGES_MAX) })).toBeDisabled();
  });

  // The spec's toast is the one alert; beside the field the words are its description, read as
  // focus lands there, so a screen reader does not hear the same alert twice.
  test('Next with no title, then with nothing to keep, says so beside the field, moves focus there, and the toast is the one alert, gone once the field is filled', async ({ page }) => {
    await signedInWithTimeline(page);
    const wizard = await openWizard(page);
    await wizard.getByRole('button', { name: messages.next }).click();
    const title = wizard.getByLabel(messages.captureTitleLabel);
    await expect(title).toBeFocused();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toHaveAccessibleDescription(/Please give your memory a title/);
    await expect(wizard.getByText(messages.captureMissingTitleDetail)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(page.getByRole('alert')).toContainText(messages.captureMissingTitle);

    // The toast goes with its reason, well before its 5 s are up.
    await title.fill('Sledging');
    await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 2_000 });
    await wizard.getByRole('button', { name: messages.next }).click();
    const notes = wizard.getByLabel(messages.notesLabel);
    await expect(notes).toBeFocused();
    await expect(notes).toHaveAttribute('aria-invalid', 'true');
    await expect(notes).toHaveAccessibleDescription(/Please provide the content of your memory before proceeding\./);
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(page.getByRole('alert')).toContainText(messages.captureContentRequired);
    await notes.fill('Down the long hill behind the school');
    await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 2_000 });
  });

  test("tapping one of today's prompts and going on: the first follow-up question is not that prompt", async ({ page }) => {
    await signedInWithTimeline(page);
    const back = page.getByRole('button', { name: messages.promptsLookingBack });
    await back.click();
    await expect(back).not.toContainText(messages.promptsTapToReveal);
    const prompt = (await back.textContent())!.replace('Looking Back...', '').trim();
    expect(prompt).toMatch(/\?$/);
    await back.click();
    const wizard = page.getByRole('dialog', { name: messages.captureAMemory });
    await expect(wizard.getByLabel(messages.captureTitleLabel)).toHaveValue(prompt);
    await wizard.getByLabel(messages.notesLabel).fill('We lived above the bakery on Mill Street, and the whole flat smelled of bread.');
    await wizard.getByRole('button', { name: messages.next }).click();
    await wizard.getByRole('button', { name: messages.yes }).click();
    const question = wizard.getByTestId('follow-up-question');
    await expect(question).toHaveAttribute('data-typing', 'done', { timeout: 15_000 });
    const asked = (await question.locator('span[aria-hidden]').textContent())!.trim();
    expect(asked).toMatch(/\?$/);
    const plain = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    expect(plain(asked)).not.toBe(plain(prompt));
  });
});

// Issue 9 "Nothing lost" at phone size: the wizard's draft is kept in the browser (IndexedDB)
// as it is typed and recorded, survives a reload and a trip to '/community' from the sharing
// step's 'Invite members' link, and comes back when the wizard opens again; closing one with
// something in it asks "Discard this memory?" first; a removed photo can be put back.
import { expect, test, type Page } from '@playwright/test';
import { ANY_NUMBER, openWizard, seenTooltips, signUp, textPattern, timelineWithMember } from './helpers';
import { messages } from '../common/messages';

test.use({ viewport: { width: 390, height: 844 } });

/** Onboarding's 'Add It to Your Home Screen' offer (shown once at phone size) counts as seen. */
const installOfferSeen = () => localStorage.setItem('pwa-install-shown-mobile', 'true');

const welcomeBack = (title: string) => `Welcome back. Your unsaved memory "${title}" is here, just as you left it.`;

async function makePhoto(page: Page) {
  const base64 = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const canvas = document.createElement('canvas');
        canvas.width = 48;
        canvas.height = 48;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#e67e22';
        context.fillRect(0, 0, 48, 48);
        canvas.toBlob(async (blob) => {
          const bytes = new Uint8Array(await blob!.arrayBuffer());
          let binary = '';
          for (const byte of bytes) binary += String.fromCharCode(byte);
          resolve(btoa(binary));
        }, 'image/png');
      }),
  );
  return { name: 'garden.png', mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

/**
 * The draft as the browser keeps it (web/src/features/capture/draftStore.ts): its words, and
 * whether a recording and how many photos are kept with it; null while nothing is kept.
 */
async function keptDraft(page: Page) {
  return page.evaluate(async () => {
    // Opening a database that does not exist yet would create it empty, under the app's feet.
    if (!(await indexedDB.databases()).some((database) => database.name === 'heirloom-drafts')) return null;
    return new Promise<{ title: string; notes: string; recording: boolean; images: number } | null>((resolve, reject) => {
      const opening = indexedDB.open('heirloom-drafts');
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const database = opening.result;
        if (!database.objectStoreNames.contains('drafts')) {
          database.close();
          return resolve(null);
        }
        const reading = database.transaction('drafts').objectStore('drafts').getAll();
        reading.onerror = () => reject(reading.error);
        reading.onsuccess = () => {
          database.close();
          const kept = reading.result[0] as { draft: { title: string; notes: string; recording: string | null; images: string[] } } | undefined;
          resolve(kept ? { title: kept.draft.title, notes: kept.draft.notes, recording: kept.draft.recording !== null, images: kept.draft.images.length } : null);
        };
      };
    });
  });
}

test('a draft survives a reload and a trip to /community, and discarding it asks first', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.addInitScript(seenTooltips);
  await page.addInitScript(installOfferSeen);
  await signUp(page, { firstTimeline: false });
  const grace = await browser.newContext();
  await timelineWithMember(page, grace.request);
  await grace.close();
  await page.reload();
  const photo = await makePhoto(page);

  let wizard = await openWizard(page);
  await wizard.getByLabel(messages.captureTitleLabel).fill('Sunday lunch');
  await wizard.getByLabel(messages.notesLabel).fill('Roast chicken and too many potatoes.');
  await wizard.locator(`input[aria-label="${messages.captureChoosePhotos}"]`).setInputFiles([photo]);
  await wizard.getByRole('button', { name: messages.captureVoiceRecording }).click();
  const recorder = page.getByRole('dialog', { name: messages.voiceRecorderTitle });
  await expect(recorder.getByText(messages.voiceRecording, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(recorder.getByLabel(messages.voiceElapsed)).toHaveText('00:01', { timeout: 5_000 });
  await recorder.getByRole('button', { name: messages.stop }).click();
  await expect(wizard.getByLabel(messages.captureYourVoiceRecording)).toBeVisible();

  // A reload: everything comes back, recording and photo included, once all of it is kept
  // (typing is written after a pause).
  await expect
    .poll(() => keptDraft(page))
    .toEqual({ title: 'Sunday lunch', notes: 'Roast chicken and too many potatoes.', recording: true, images: 1 });
  await page.reload();
  wizard = await openWizard(page);
  await expect(wizard.getByText(welcomeBack('Sunday lunch'))).toBeVisible();
  await expect(wizard.getByLabel(messages.captureTitleLabel)).toHaveValue('Sunday lunch');
  await expect(wizard.getByLabel(messages.notesLabel)).toHaveValue('Roast chicken and too many potatoes.');
  await expect(wizard.getByLabel(messages.captureYourVoiceRecording)).toBeVisible();
  await expect(wizard.getByRole('img', { name: messages.capturePhotoPreview(1, 'garden.png') })).toBeVisible();
  expect(await wizard.getByLabel(messages.captureYourVoiceRecording).evaluate((audio: HTMLAudioElement) => audio.src)).toMatch(/^blob:/);

  // To the sharing step, then out through 'Invite members'.
  await wizard.getByRole('button', { name: messages.next }).click();
  await wizard.getByRole('button', { name: messages.no }).click();
  await wizard.getByRole('button', { name: messages.continue }).click();
  await wizard.getByRole('checkbox', { name: 'Grace Hopper' }).uncheck();
  await wizard.getByRole('link', { name: messages.sharingInviteMembers }).click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(wizard).toBeHidden();

  // Back in the wizard: the same step, the same choices.
  await page.getByRole('navigation', { name: messages.shellMainNavigation }).getByRole('button', { name: messages.captureAMemory }).click();
  wizard = page.getByRole('dialog', { name: messages.captureAMemory });
  await expect(wizard.getByText(welcomeBack('Sunday lunch'))).toBeVisible();
  await expect(wizard.getByRole('button', { name: messages.captureSaveMemory })).toBeVisible();
  await expect(wizard.getByRole('checkbox', { name: 'Grace Hopper' })).not.toBeChecked();

  // And after a reload on '/community' too.
  await page.reload();
  await page.getByRole('navigation', { name: messages.shellMainNavigation }).getByRole('button', { name: messages.captureAMemory }).click();
  wizard = page.getByRole('dialog', { name: messages.captureAMemory });
  await expect(wizard.getByText(welcomeBack('Sunday lunch'))).toBeVisible();
  await expect(wizard.getByRole('button', { name: messages.captureSaveMemory })).toBeVisible();

  // Closing asks first; Keep editing keeps it all.
  await wizard.getByRole('button', { name: messages.closeDialog }).click();
  const confirm = page.getByRole('dialog', { name: messages.discardMemoryTitle });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: messages.keepEditing }).click();
  await expect(confirm).toBeHidden();
  await expect(wizard.getByRole('button', { name: messages.captureSaveMemory })).toBeVisible();

  // Escape asks too; Discard resets and closes, and nothing comes back, even after a reload.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: messages.discardMemoryConfirm }).click();
  await expect(wizard).toBeHidden();
  wizard = await openWizard(page);
  await expect(wizard.getByLabel(messages.captureTitleLabel)).toHaveValue('');
  await expect(wizard.getByText(textPattern(`${messages.draftRestored('').split('.')[0]}.`))).toHaveCount(0);
  await page.reload();
  wizard = await openWizard(page);
  await expect(wizard.getByLabel(messages.captureTitleLabel)).toHaveValue('');
  await expect(wizard.getByLabel(messages.captureYourVoiceRecording)).toHaveCount(0);
  // Empty, it closes without asking.
  await wizard.getByRole('button', { name: messages.closeDialog }).click();
  await expect(wizard).toBeHidden();
  await expect(confirm).toBeHidden();
});

test('a removed recording or photo can be put back with Undo', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(seenTooltips);
  await page.addInitScript(installOfferSeen);
  await signUp(page);
  const photo = await makePhoto(page);

  const wizard = await openWizard(page);
  await wizard.getByLabel(messages.captureTitleLabel).fill('Undo me');
  await wizard.locator(`input[aria-label="${messages.captureChoosePhotos}"]`).setInputFiles([photo]);
  await wizard.getByRole('button', { name: messages.captureRemovePhoto(1) }).click();
  await expect(wizard.getByRole('img', { name: textPattern(messages.capturePhotoPreview(ANY_NUMBER, '')) })).toHaveCount(0);
  await expect(wizard.getByText(messages.photoRemoved)).toBeVisible();
  await wizard.getByRole('button', { name: messages.undo }).click();
  await expect(wizard.getByRole('img', { name: messages.capturePhotoPreview(1, 'garden.png') })).toBeVisible();

  await wizard.getByRole('button', { name: messages.captureVoiceRecording }).click();
  const recorder = page.getByRole('dialog', { name: messages.voiceRecorderTitle });
  await expect(recorder.getByText(messages.voiceRecording, { exact: true })).toBeVisible({ timeout: 20_000 });
  await recorder.getByRole('button', { name: messages.stop }).click();
  await wizard.getByRole('button', { name: messages.removeRecording }).click();
  await expect(wizard.getByLabel(messages.captureYourVoiceRecording)).toHaveCount(0);
  await expect(wizard.getByText(messages.recordingRemoved)).toBeVisible();
  await wizard.getByRole('button', { name: messages.undo }).click();
  await expect(wizard.getByLabel(messages.captureYourVoiceRecording)).toBeVisible();
});

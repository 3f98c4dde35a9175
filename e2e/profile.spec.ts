import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectToast, expectTouchTarget, PASSWORD, signedInWithTimeline, signOut } from './helpers';
import { messages } from '../common/messages';
import { TRANSCRIBING_ORIGIN } from '../playwright.config';

/** A real PNG, so the server can read it. */
const SMALL_PNG = readFileSync(new URL('../web/public/icons/icon-192.png', import.meta.url));

async function openProfile(page: Page) {
  await page.getByRole('button', { name: messages.shellOpenMenu }).click();
  await page.getByRole('link', { name: messages.menuSettings }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: messages.profileMyInformation })).toBeVisible();
}

test.describe('Profile', () => {
  test('"Save Changes" updates the display name; a blank one is refused with "Display name required"', async ({ page }) => {
    const { email } = await signedInWithTimeline(page, { displayName: 'Ada Lovelace' });
    await openProfile(page);
    expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    const displayName = page.getByRole('textbox', { name: messages.profileDisplayName });
    await expect(displayName).toHaveValue('Ada Lovelace');
    await expect(displayName).toHaveAttribute('maxlength', '50');
    const emailField = page.getByRole('textbox', { name: messages.profileEmail });
    await expect(emailField).toHaveValue(email);
    await expect(emailField).toHaveAttribute('readonly', '');
    // Issue 22: this server has no transcription engine (its data folder holds no model), and
    // the page says how to get one in a line.
    await expect(page.getByRole('region', { name: messages.transcriptionEngineTitle })).toHaveText(messages.transcriptionEngineTitle + messages.transcriptionEngineNone);

    await displayName.fill('Ada King');
    await page.getByRole('button', { name: messages.saveChanges }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.profileUpdated })).toBeVisible();
    // The cached user is updated: the side menu shows the new name at once.
    await page.getByRole('button', { name: messages.shellOpenMenu }).click();
    await expect(page.getByRole('dialog', { name: messages.menuTitle }).getByText('Ada King')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(displayName).toHaveValue('Ada King');
    await displayName.fill('   ');
    await page.getByRole('button', { name: messages.saveChanges }).click();
    const refusal = page.getByRole('alert').filter({ hasText: messages.displayNameRequired });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(messages.displayNameRequiredDetail);
    const user = await (await page.request.get('/api/auth/user')).json();
    expect(user.displayName).toBe('Ada King');
  });

  test('an image of 5 MB or more is refused with "Image too large" before any upload', async ({ page }) => {
    await signedInWithTimeline(page);
    await openProfile(page);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/user/profile-image')) uploads.push(request.url());
    });

    await page.locator('input[type="file"]').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    const refusal = page.getByRole('alert').filter({ hasText: messages.profileImageTooLarge });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(messages.profileImageTooLargeDetail);
    await expect(page.getByRole('button', { name: messages.profileUploadImage })).toHaveCount(0);
    expect(uploads).toEqual([]);
  });

  test('a chosen picture is previewed, can be cancelled, and "Upload Image" saves it', async ({ page }) => {
    await signedInWithTimeline(page);
    await openProfile(page);

    const change = page.getByRole('button', { name: messages.profilePictureChangeLabel });

    const choose = async () => {
      const chooser = page.waitForEvent('filechooser');
      await change.click();
      await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: SMALL_PNG });
    };
    const avatarImage = page.getByTestId('profile-avatar').locator('img');

    await choose();
    await expect(page.getByRole('button', { name: messages.profileUploadImage })).toBeVisible();
    await expect(avatarImage).toHaveAttribute('src', /^blob:/);
    await page.getByRole('button', { name: messages.cancel }).click();
    await expect(page.getByRole('button', { name: messages.profileUploadImage })).toHaveCount(0);

    await choose();
    await page.getByRole('button', { name: messages.profileUploadImage }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.profileImageUpdated })).toBeVisible();
    await expect(page.getByRole('button', { name: messages.profileUploadImage })).toHaveCount(0);
    await expect(avatarImage).not.toHaveAttribute('src', /^blob:/);

    const user = await (await page.request.get('/api/auth/user')).json();
    expect(user.profileImageUrl).toBeTruthy();
    const picture = await page.request.get(user.profileImageUrl);
    expect(picture.ok()).toBe(true);
    expect(picture.headers()['content-type']).toMatch(/^image\//);
  });

  test('on a desktop the camera button named by "Change your picture with the camera button" shows without hovering, 44 px, and opens the file chooser from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedInWithTimeline(page);
    await openProfile(page);
    // A device that can hover, where the button once showed only under the mouse.
    expect(await page.evaluate(() => matchMedia('(hover: hover)').matches)).toBe(true);
    await expect(page.getByText(messages.profilePictureHint)).toBeVisible();
    await page.mouse.move(0, 0);

    // toBeVisible ignores opacity: the computed opacity and checkVisibility say what the eye sees.
    const change = page.getByRole('button', { name: messages.profilePictureChangeLabel });
    await expect(change).toHaveCSS('opacity', '1');
    expect(await change.evaluate((button) => button.checkVisibility({ opacityProperty: true, visibilityProperty: true }))).toBe(true);
    await expectTouchTarget(change);

    await change.focus();
    await expect(change).toBeFocused();
    const chooser = page.waitForEvent('filechooser');
    await change.press('Enter');
    await chooser;
  });

  test('"Text size" (Normal, Large, Extra large) scales the whole app, before the first paint, and is remembered on this device', async ({ page }) => {
    await signedInWithTimeline(page);
    await openProfile(page);
    const textSize = page.getByRole('radiogroup', { name: messages.textSizeLabel });
    await expect(textSize.getByRole('radio')).toHaveCount(3);
    await expect(textSize.getByRole('radio', { name: messages.textSizeNormal })).toBeChecked();
    const rootSize = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    const save = page.getByRole('button', { name: messages.saveChanges });
    expect(await rootSize()).toBe(16);
    const normalButtonHeight = (await save.boundingBox())!.height;

    await textSize.getByRole('radio', { name: messages.textSizeExtraLarge }).check();
    expect(await rootSize()).toBeCloseTo(20.8, 1);
    // Text and controls grow together: the body text and the button with it.
    expect(await page.getByText(messages.profileDisplayNameDescription).evaluate((element) => parseFloat(getComputedStyle(element).fontSize))).toBeCloseTo(20.8, 1);
    expect((await save.boundingBox())!.height).toBeGreaterThan(normalButtonHeight * 1.25);
    expect(await page.evaluate(() => localStorage.getItem('family-memories-text-size'))).toBe('extra-large');

    // On reload, the size is on the page when the app first draws, not a frame later.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.getElementById('root')?.firstChild) return;
        (window as unknown as { firstDrawFontSize: string }).firstDrawFontSize = getComputedStyle(document.documentElement).fontSize;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(textSize.getByRole('radio', { name: messages.textSizeExtraLarge })).toBeChecked();
    expect(await page.evaluate(() => (window as unknown as { firstDrawFontSize: string }).firstDrawFontSize)).toBe('20.8px');

    await textSize.getByRole('radio', { name: messages.textSizeLarge, exact: true }).check();
    expect(await rootSize()).toBeCloseTo(18.4, 1);
    await textSize.getByRole('radio', { name: messages.textSizeNormal }).check();
    expect(await rootSize()).toBe(16);
    expect(await page.evaluate(() => localStorage.getItem('family-memories-text-size'))).toBe('normal');
  });

  // Issue 19 "Accounts" (DESIGN "E-mail"): the password change and signing out other devices.
  test('"Change password" shows each refusal beside its field; once changed, the old password no longer signs in and the new one does', async ({ page }) => {
    const { email } = await signedInWithTimeline(page);
    await openProfile(page);
    const card = page.getByRole('region', { name: messages.changePasswordTitle });
    const current = card.getByLabel(messages.currentPasswordLabel);
    const fresh = card.getByLabel(messages.newPasswordLabel);
    const submit = card.getByRole('button', { name: messages.changePasswordButton });
    const newPassword = 'a brand new family secret';

    // Keyboard alone: tab to the fields and press Enter to send.
    await current.focus();
    await page.keyboard.type('not my password');
    await page.keyboard.press('Tab');
    await expect(fresh).toBeFocused();
    await page.keyboard.type(newPassword);
    await page.keyboard.press('Enter');
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription(messages.currentPasswordWrong);
    await expect(page.getByRole('alert').filter({ hasText: messages.passwordChangeFailed })).toHaveCount(0);

    await current.fill(PASSWORD);
    await fresh.fill('short');
    await submit.click();
    await expect(fresh).toHaveAccessibleDescription(/Password must be at least 8 characters/);
    await expect(current).not.toHaveAttribute('aria-invalid', 'true');

    // The common-password list is the server's: its refusal lands beside the field too.
    await fresh.fill('password123');
    await submit.click();
    await expect(fresh).toHaveAccessibleDescription(/This password is too common/);

    await fresh.fill(newPassword);
    await submit.click();
    await expectToast(page, messages.passwordChanged);
    await expect(current).toHaveValue('');
    await expect(fresh).toHaveValue('');
    expect((await (await page.request.get('/api/auth/user')).json()).email).toBe(email);

    await signOut(page);
    const signIn = async (password: string) => {
      await page.goto('/login');
      await page.getByLabel(messages.profileEmail).fill(email);
      await page.getByRole('textbox', { name: messages.authPassword, exact: true }).fill(password);
      await page.getByRole('button', { name: messages.authSignIn }).click();
    };
    await signIn(PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(messages.invalidCredentials);
    await signIn(newPassword);
    await expect(page.getByRole('button', { name: messages.shellOpenMenu })).toBeVisible();
  });

  test('"Sign Out Other Devices" ends the session of a second browser and keeps this one', async ({ page, browser }) => {
    const { email } = await signedInWithTimeline(page);
    const phoneContext = await browser.newContext();
    try {
      const phone = await phoneContext.newPage();
      await phone.goto('/login');
      await phone.getByLabel(messages.profileEmail).fill(email);
      await phone.getByRole('textbox', { name: messages.authPassword, exact: true }).fill(PASSWORD);
      await phone.getByRole('button', { name: messages.authSignIn }).click();
      await expect(phone.getByRole('button', { name: messages.shellOpenMenu })).toBeVisible();

      await openProfile(page);
      const card = page.getByRole('region', { name: messages.otherDevicesTitle });
      await expect(card).toContainText(messages.otherDevicesHelp);
      const button = card.getByRole('button', { name: messages.otherDevicesButton });
      await button.focus();
      await page.keyboard.press('Enter');
      await expectToast(page, messages.otherDevicesSignedOut(1));

      expect((await phone.request.get('/api/auth/user')).status()).toBe(401);
      await phone.reload();
      await expect(phone.getByRole('link', { name: messages.signInToStart })).toBeVisible();

      await page.reload();
      await expect(page.getByRole('heading', { name: messages.profileMyInformation })).toBeVisible();
      expect((await page.request.get('/api/auth/user')).status()).toBe(200);
      await button.click();
      await expectToast(page, messages.otherDevicesSignedOut(0));
    } finally {
      await phoneContext.close();
    }
  });
});

test.describe('Profile on a server with a transcription service', () => {
  // The second e2e server (playwright.config.ts): TRANSCRIBE_URL names the test transcription
  // server on loopback, with TRANSCRIBE_MODEL left at its default.
  test.use({ baseURL: TRANSCRIBING_ORIGIN });

  test('says the transcription service writes the words of recordings (issue 22)', async ({ page }) => {
    await signedInWithTimeline(page);
    await openProfile(page);
    await expect(page.getByRole('region', { name: messages.transcriptionEngineTitle })).toHaveText(
      messages.transcriptionEngineTitle + messages.transcriptionEngineService('whisper-1'),
    );
  });
});

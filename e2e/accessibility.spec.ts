import { expect, test } from '@playwright/test';
import { findFaintPlaceholders } from './legibility-audit';
import { openWizard, recordWebm, seriousViolations, signedInWithTimeline } from './helpers';
import { messages } from '../common/messages';

test.describe('Accessibility', () => {
  test('welcome, sign-in and sign-up pages', async ({ page }) => {
    // Three axe scans: more than the default 30 s on a machine shared with other runs.
    test.setTimeout(60_000);
    for (const path of ['/', '/login', '/signup']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test('the shell, in dark and light theme, with the side menu open', async ({ page }) => {
    await signedInWithTimeline(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: messages.shellOpenMenu }).click();
    const menu = page.getByRole('dialog', { name: messages.menuTitle });
    // axe reads colours mid-transition as faded; scan only once the drawer has settled.
    await expect(menu).toHaveCSS('opacity', '1');
    await page.getByRole('switch', { name: messages.menuDarkTheme }).uncheck();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the capture wizard through its steps, the voice recorder, and the memory card with its delete dialog', async ({ page }) => {
    // Eight axe scans on top of a recording and an upload: more than the default 30 s on a busy CI machine.
    test.setTimeout(60_000);
    await signedInWithTimeline(page);
    const video = await recordWebm(page);
    const wizard = await openWizard(page);
    await wizard.getByLabel(messages.captureTitleLabel).fill('Sledging');
    await wizard.getByLabel(messages.notesLabel).fill('We raced down the hill behind the church.');
    await wizard.locator(`input[aria-label="${messages.captureChooseVideo}"]`).setInputFiles({ name: 'hill.webm', mimeType: 'video/webm', buffer: video });
    await expect(wizard.getByTestId('video-thumbnail')).toBeVisible({ timeout: 10_000 });
    expect(await seriousViolations(page), 'start').toEqual([]);

    await wizard.getByRole('button', { name: messages.captureVoiceRecording }).click();
    const recorder = page.getByRole('dialog', { name: messages.voiceRecorderTitle });
    await expect(recorder.getByText(messages.voiceRecording, { exact: true })).toBeVisible();
    expect(await seriousViolations(page), 'voice recorder').toEqual([]);
    await recorder.getByRole('button', { name: messages.stop }).click();
    await expect(recorder).toBeHidden();

    await wizard.getByRole('button', { name: messages.next }).click();
    await expect(wizard.getByText(messages.captureFollowUpAsk)).toBeVisible();
    expect(await seriousViolations(page), 'follow-up prompt').toEqual([]);
    await wizard.getByRole('button', { name: messages.no }).click();
    await expect(wizard.getByRole('checkbox', { name: 'Family' })).toBeChecked();
    expect(await seriousViolations(page), 'timeline').toEqual([]);
    await wizard.getByRole('button', { name: messages.continue }).click();
    await wizard.getByRole('radio', { name: messages.sharingSelective }).check();
    expect(await seriousViolations(page), 'sharing').toEqual([]);
    await wizard.getByRole('button', { name: messages.captureSaveMemory }).click();
    await expect(wizard).toBeHidden({ timeout: 20_000 });

    await page.getByRole('button', { name: messages.homeSpotlightReveal }).click();
    const card = page.getByRole('article', { name: 'Sledging' });
    await expect(card.getByRole('img', { name: messages.cardVideoFrom('Sledging') })).toBeVisible();
    expect(await seriousViolations(page), 'memory card').toEqual([]);
    await card.getByRole('button', { name: messages.cardDeleteMemory('Sledging') }).click();
    await expect(page.getByRole('dialog', { name: messages.deleteMemoryTitle })).toBeVisible();
    expect(await seriousViolations(page), 'delete dialog').toEqual([]);
  });

  test('placeholder text reaches 4.5:1 contrast in the dark and the light theme (issue 9)', async ({ page }) => {
    await signedInWithTimeline(page);
    for (const scheme of ['dark', 'light']) {
      await page.evaluate((value) => localStorage.setItem('family-memories-theme', value), scheme);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await openWizard(page);
      const placeholders = await page.locator('input[placeholder], textarea[placeholder]').count();
      expect(placeholders, 'the wizard has placeholders to measure').toBeGreaterThan(0);
      expect(await findFaintPlaceholders(page), scheme).toEqual([]);
    }
  });
});

// Issue 22 "Every recording gets its words", end to end through the real server: a story told
// aloud is saved without waiting for its words ('Save without waiting' while the bar runs), the
// server's job writes them, and the timeline and the open memory say 'Writing down what was
// said…' and then show the words, with no reload.
//
// The words must be seen on their way, so this spec runs a Heirloom server of its own whose
// transcription service (system/held-transcription-service.ts, as test:crash uses it) holds
// every request until the test lets it answer: the shared e2e servers' peer answers at once,
// before a page could look.
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Memory } from '../common/memories';
import { messages } from '../common/messages';
import { startInstance, type Instance } from '../server/test/instance';
import { startHeldService, type HeldService } from '../system/held-transcription-service';
import { expectTouchTarget, openWizard, seenTooltips, signUp } from './helpers';

const WORDS = 'We sailed at dawn with the whole family.';
// Beside the config's two servers (E2E_PORT and E2E_PORT + 1000), so parallel runs keep apart.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 2000;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = `e2e/.output/data-${PORT}`;

let service: HeldService;
let heirloom: Instance;

test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  service = await startHeldService(() => WORDS);
  rmSync(DATA_DIR, { recursive: true, force: true });
  heirloom = await startInstance({
    PORT: String(PORT),
    PUBLIC_URL: ORIGIN,
    DATA_DIR,
    TRANSCRIBE_URL: service.url,
    SIGNUP_LIMIT_PER_HOUR: '1000',
    ...(process.env.WEB_ROOT ? { WEB_ROOT: process.env.WEB_ROOT } : {}),
  });
});

test.afterAll(async () => {
  await heirloom?.stop();
  await service?.close();
});

test('a story saved without waiting shows "Writing down what was said…", then its words, without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(seenTooltips);
  await signUp(page, { firstTimeline: 'Sea Stories' });

  // Recorded with Chromium's fake microphone; the service holds the wizard's transcription.
  const wizard = await openWizard(page);
  await wizard.getByLabel(messages.captureTitleLabel).fill('Sailing at dawn');
  await wizard.getByRole('button', { name: messages.captureVoiceRecording }).click();
  const recorder = page.getByRole('dialog', { name: messages.voiceRecorderTitle });
  await expect(recorder.getByLabel(messages.voiceElapsed)).toHaveText('00:02', { timeout: 20_000 });
  await recorder.getByRole('button', { name: messages.stop }).click();
  await expect(recorder.getByLabel(messages.transcriptionProgress)).toBeVisible();
  const saveNow = recorder.getByRole('button', { name: messages.saveWithoutWaiting });
  // Focus moved there from Stop: the keyboard ends the wait.
  await expect(saveNow).toBeFocused();
  await expectTouchTarget(saveNow);
  await page.keyboard.press('Enter');
  await expect(recorder).toBeHidden();
  await expect(wizard.getByLabel(messages.transcriptionLabel)).toHaveValue('');
  await expect(wizard.getByText(messages.wordsAddedWhenReady)).toBeVisible();

  await wizard.getByRole('button', { name: messages.next }).click();
  await wizard.getByRole('button', { name: messages.no }).click();
  await wizard.getByRole('button', { name: messages.continue }).click();
  const created = page.waitForResponse((response) => response.url().endsWith('/api/memories') && response.request().method() === 'POST');
  await wizard.getByRole('button', { name: messages.captureSaveMemory }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as Memory;
  await expect(wizard).toBeHidden();

  // The server queued the words; its job waits on the held service.
  const stored = (await (await page.request.get(`/api/memories/${id}`)).json()) as Memory;
  expect(stored.transcription).toBe('');
  expect(['queued', 'working']).toContain(stored.transcriptionStatus);
  await expect.poll(() => service.asked.filter((asked) => asked.endedAt === null).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

  await page.goto('/timeline');
  const entry = page.getByRole('listitem').filter({ hasText: 'Sailing at dawn' });
  await expect(entry.getByRole('status')).toHaveText(messages.wordsOnTheirWay);
  await entry.getByRole('button', { name: messages.timelineViewMemoryOf('Sailing at dawn') }).click();
  const detail = page.getByRole('dialog', { name: 'Sailing at dawn' });
  await expect(detail.getByRole('status').filter({ hasText: messages.wordsOnTheirWay })).toBeVisible();
  // A reload would lose this mark.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  service.release();
  await expect(detail.getByText(WORDS)).toBeVisible({ timeout: 15_000 });
  await expect(detail.getByText(messages.wordsOnTheirWay)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(entry.getByText(WORDS)).toBeVisible({ timeout: 15_000 });
  await expect(entry.getByText(messages.wordsOnTheirWay)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

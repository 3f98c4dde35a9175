// Issue 9 at phone size, with no transcription service (the e2e server has none, the default
// of a self-hosted install): a story told only aloud, with a follow-up question answered
// aloud, is saved shared with the timeline's other member, who sees it and can play both
// recordings; no failure toast appears anywhere on the way.
import { expect, test, type Page } from '@playwright/test';
import type { Memory } from '../common/memories';
import { openWizard, seenTooltips, signUp, timelineWithMember } from './helpers';
import { messages } from '../common/messages';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

/** Onboarding's 'Add It to Your Home Screen' offer (shown once at phone size) counts as seen. */
const installOfferSeen = () => localStorage.setItem('pwa-install-shown-mobile', 'true');

/** Remembers the text of every alert (toast or panel) the page shows, however briefly. */
async function watchAlerts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenAlerts: string[] }).seenAlerts = seen;
    new MutationObserver(() => {
      document.querySelectorAll('[role="alert"]').forEach((alert) => {
        const text = alert.textContent ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}
const seenAlerts = (page: Page) => page.evaluate(() => (window as unknown as { seenAlerts: string[] }).seenAlerts);

test('a voice-only story with a spoken follow-up answer is saved shared with the timeline, with no failure toast', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.addInitScript(seenTooltips);
  await page.addInitScript(installOfferSeen);
  await watchAlerts(page);
  await signUp(page, { firstTimeline: false });
  const grace = await browser.newContext({ viewport: phone });
  const { memberId: graceId } = await timelineWithMember(page, grace.request);
  await page.reload();

  const wizard = await openWizard(page);
  await wizard.getByLabel(messages.captureTitleLabel).fill("Grandma's kitchen");
  await wizard.getByRole('button', { name: messages.captureVoiceRecording }).click();
  const recorder = page.getByRole('dialog', { name: messages.voiceRecorderTitle });
  // Focus starts on Stop, the primary action (issue 9).
  await expect(recorder.getByRole('button', { name: messages.stop })).toBeFocused();
  await expect(recorder.getByText(messages.voiceRecording, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(recorder.getByLabel(messages.voiceElapsed)).toHaveText('00:02', { timeout: 5_000 });
  await recorder.getByRole('button', { name: messages.stop }).click();
  // No service: it ends quietly, with no progress bar towards words that cannot come.
  await expect(recorder).toBeHidden();
  await expect(page.getByText(messages.voiceTranscribing)).toHaveCount(0);
  await expect(wizard.getByLabel(messages.captureYourVoiceRecording)).toBeVisible();
  await expect(wizard.getByLabel(messages.transcriptionLabel)).toHaveValue('');

  // A voice-only story still gets a follow-up question, about its title.
  await wizard.getByRole('button', { name: messages.next }).click();
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/prompts/follow-up'));
  await wizard.getByRole('button', { name: messages.yes }).click();
  const answered = await asked;
  expect(answered.status()).toBe(200);
  expect(answered.request().postDataJSON()).toMatchObject({ title: "Grandma's kitchen", previousQuestions: [] });
  const question = ((await answered.json()) as { question: string }).question;
  await expect(wizard.getByTestId('follow-up-question')).toHaveAttribute('data-typing', 'done', { timeout: 10_000 });

  await wizard.getByRole('button', { name: messages.followUpRecordAnswer }).click();
  await expect(wizard.getByText(messages.followUpRecordingElapsed('00:01', '00:30'), { exact: true })).toBeVisible({ timeout: 20_000 });
  await wizard.getByRole('button', { name: messages.stopRecording }).click();
  await expect(wizard.getByLabel(messages.followUpYourAnswer)).toHaveValue(messages.audioAnswerNoTranscription);
  await expect(wizard.getByLabel(messages.yourSpokenAnswer)).toBeVisible();
  await wizard.getByRole('button', { name: messages.followUpSaveAndExit }).click();

  await expect(wizard.getByRole('checkbox', { name: 'Lovelace Family' })).toBeChecked();
  await wizard.getByRole('button', { name: messages.continue }).click();
  // DESIGN "Sharing default": shared with the timeline's other member unless she chooses private.
  await expect(wizard.getByRole('radio', { name: messages.sharingSelective })).toBeChecked();
  await expect(wizard.getByRole('checkbox', { name: 'Grace Hopper' })).toBeChecked();
  const created = page.waitForResponse((response) => response.url().endsWith('/api/memories') && response.request().method() === 'POST');
  await wizard.getByRole('button', { name: messages.captureSaveMemory }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByRole('alert').filter({ hasText: messages.memorySavedDetail })).toBeVisible();
  await expect(wizard).toBeHidden();

  // Nothing on the way read as a failure.
  const alerts = await seenAlerts(page);
  expect(alerts.filter((text) => /fail|error|Recording Saved/i.test(text))).toEqual([]);

  // Stored with both recordings and their lengths, shared with Grace.
  const memories = (await (await page.request.get('/api/memories')).json()) as Memory[];
  const memory = memories.find((entry) => entry.title === "Grandma's kitchen")!;
  expect(memory.sharedWith).toContain(graceId);
  expect(memory.audioUrl).toBeTruthy();
  expect(memory.audioDuration).toBeGreaterThanOrEqual(1);
  expect(memory.followUpResponses).toEqual([
    expect.objectContaining({ question, answer: 'Audio response (no transcription available)', audioUrl: expect.any(String) }),
  ]);

  // Grace signs in on her own phone: the memory is on the timeline, and both recordings play.
  const gracePage = await grace.newPage();
  await gracePage.addInitScript(seenTooltips);
  await gracePage.addInitScript(installOfferSeen);
  await gracePage.goto('/timeline');
  await expect(gracePage.getByText("Grandma's kitchen").first()).toBeVisible({ timeout: 15_000 });
  const graceView = (await (await grace.request.get(`/api/memories/${memory.id}`)).json()) as Memory;
  for (const url of [graceView.audioUrl!, graceView.followUpResponses[0]!.audioUrl!]) {
    const audio = await grace.request.get(url);
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toMatch(/^audio\//);
    expect((await audio.body()).length).toBeGreaterThan(100);
  }
  await grace.close();
});

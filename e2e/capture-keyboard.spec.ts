// Issue 9 "Keyboard": the whole capture wizard, the voice recorder and closing them by keyboard
// alone. Focus starts on Stop in the recorder, never leaves the dialog (also after a recording
// stops, when the control that had focus is gone), and returns to what opened each dialog.
import { expect, test, type Page } from '@playwright/test';
import { focusedIn, seenTooltips, signUp, timelineWithMember } from './helpers';
import { messages } from '../common/messages';

const WIZARD = messages.captureAMemory;

/** Presses Tab (or Shift+Tab) until the focused control is `name`, checking each stop is inside the wizard. */
async function tabTo(page: Page, name: string | RegExp, { backwards = false, dialog = WIZARD } = {}) {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focused = await focusedIn(page, dialog);
    expect(focused.inside, `focus left the "${dialog}" dialog at "${focused.name}"`).toBe(true);
    if (typeof name === 'string' ? focused.name === name : name.test(focused.name)) return;
  }
  throw new Error(`"${String(name)}" was never reached by Tab`);
}

async function expectFocusInWizard(page: Page) {
  await expect.poll(async () => (await focusedIn(page, WIZARD)).inside).toBe(true);
}

test('the whole wizard and the recorder work by keyboard alone, and focus never leaves the dialog', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.addInitScript(seenTooltips);
  await signUp(page, { firstTimeline: false });
  const grace = await browser.newContext();
  const { memberId } = await timelineWithMember(page, grace.request);
  await grace.close();
  await page.reload();

  const plus = page.getByRole('navigation', { name: messages.shellMainNavigation }).getByRole('button', { name: messages.captureAMemory });
  await plus.focus();
  await page.keyboard.press('Enter');
  const wizard = page.getByRole('dialog', { name: WIZARD });
  await expect(wizard.getByLabel(messages.captureTitleLabel)).toBeFocused();
  await page.keyboard.type('Whistling kettle');
  await page.keyboard.press('Tab');
  await expect(wizard.getByLabel(messages.notesLabel)).toBeFocused();
  await page.keyboard.type('Grandpa whistled along with it every morning.');

  // The recorder: focus starts on Stop; Escape closes it and focus goes back to its opener.
  await tabTo(page, 'Voice recording');
  await page.keyboard.press('Enter');
  const recorder = page.getByRole('dialog', { name: messages.voiceRecorderTitle });
  const stop = recorder.getByRole('button', { name: messages.stop });
  await expect(stop).toBeFocused();
  await expect(recorder.getByText(messages.voiceRecording, { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(recorder).toBeHidden();
  await expect(wizard.getByRole('button', { name: messages.captureVoiceRecording })).toBeFocused();
  await expect(wizard).toBeVisible();

  // Again, recording this time: Stop by Enter, then focus stays in the wizard, on the new recording.
  await page.keyboard.press('Enter');
  await expect(stop).toBeFocused();
  await expect(recorder.getByText(messages.voiceRecording, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(recorder.getByLabel(messages.voiceElapsed)).toHaveText('00:01', { timeout: 5_000 });
  // Tab stays inside the recorder while it is open.
  await page.keyboard.press('Tab');
  expect((await focusedIn(page, 'Voice Recorder')).inside).toBe(true);
  await stop.focus();
  await page.keyboard.press('Enter');
  await expect(recorder).toBeHidden();
  await expect(wizard.getByLabel(messages.captureYourVoiceRecording)).toBeVisible();
  await expectFocusInWizard(page);

  // Every following stop by Tab is inside the wizard, step after step.
  await tabTo(page, 'Next');
  await page.keyboard.press('Enter');
  await expect(wizard.getByRole('button', { name: messages.yes })).toBeFocused();
  await tabTo(page, 'No', { backwards: true });
  await page.keyboard.press('Enter');
  await expect(wizard.getByRole('checkbox', { name: 'Lovelace Family' })).toBeChecked();
  await expectFocusInWizard(page);
  await tabTo(page, 'Continue');
  await page.keyboard.press('Enter');
  await expect(wizard.getByRole('radio', { name: messages.sharingSelective })).toBeChecked();
  await expectFocusInWizard(page);
  await tabTo(page, 'Save Memory');
  const created = page.waitForResponse((response) => response.url().endsWith('/api/memories') && response.request().method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await created).status()).toBe(201);
  await expect(wizard).toBeHidden();
  // Closing returns focus to the control that opened the wizard.
  await expect(plus).toBeFocused();

  const memories = (await (await page.request.get('/api/memories')).json()) as Array<{ title: string; sharedWith: string[] }>;
  expect(memories.find((memory) => memory.title === 'Whistling kettle')?.sharedWith).toContain(memberId);

  // Escape on a wizard with words asks first; Escape again on the question keeps editing.
  await page.keyboard.press('Enter');
  await expect(wizard.getByLabel(messages.captureTitleLabel)).toBeFocused();
  await page.keyboard.type('Second thoughts');
  await page.keyboard.press('Escape');
  const confirm = page.getByRole('dialog', { name: messages.discardMemoryTitle });
  await expect(confirm.getByRole('button', { name: messages.keepEditing })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(wizard.getByLabel(messages.captureTitleLabel)).toHaveValue('Second thoughts');
  await expectFocusInWizard(page);
  await page.keyboard.press('Escape');
  await expect(confirm.getByRole('button', { name: messages.keepEditing })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: messages.discardMemoryConfirm })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(wizard).toBeHidden();
  await expect(plus).toBeFocused();
});

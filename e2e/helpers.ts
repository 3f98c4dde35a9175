// Shared steps of the end-to-end specs.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { messages } from '../common/messages';

export const PASSWORD = 'a long family secret';

export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
}

/** Signs up through the form and waits for the shell. */
/**
 * Signs up through the form. A new person with no timeline is then asked for their first one
 * (accounts §4); it is made there, named `firstTimeline`, unless that is false, which leaves
 * the step open for the spec to look at.
 */
export async function signUp(
  page: Page,
  { email = uniqueEmail(), displayName = 'Ada Lovelace', firstTimeline = 'Our Family' as string | false } = {},
) {
  await page.goto('/signup');
  await page.getByLabel(messages.authEmail).fill(email);
  await page.getByRole('textbox', { name: messages.authPassword, exact: true }).fill(PASSWORD);
  await page.getByLabel(messages.authDisplayName).fill(displayName);
  await page.getByRole('button', { name: messages.authCreateAccount }).click();
  await expect(page.getByRole('button', { name: messages.shellOpenMenu })).toBeVisible();
  if (firstTimeline !== false) await createFirstTimeline(page, firstTimeline);
  return { email, displayName };
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: messages.shellOpenMenu }).click();
  await page.getByRole('link', { name: messages.menuSignOut }).click();
  await expect(page.getByRole('link', { name: messages.signInToStart })).toBeVisible();
}

/** A number a worded text is given where the test cannot know it: see textPattern. */
export const ANY_NUMBER = 987_654_321;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The start of a messages entry, as a pattern, with ANY_NUMBER standing for any number:
 * textPattern(messages.capturePhotoPreview(ANY_NUMBER, '')) matches 'Photo 1: beach.png'.
 */
export function textPattern(text: string): RegExp {
  return new RegExp(`^${escapeRegExp(text).split(String(ANY_NUMBER)).join('\\d+')}`);
}

/** Exactly one of `texts` (a worded text whose number lies in a known range). */
export function oneOfTexts(texts: readonly string[]): RegExp {
  return new RegExp(`^(${texts.map(escapeRegExp).join('|')})$`);
}

/** A toast with its exact title and text (memories §5, §8); closed so the next can show. */
export async function expectToast(page: Page, title: string, message?: string) {
  const toast = page.getByRole('alert').filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (message) await expect(toast).toContainText(message);
  await toast.getByRole('button').click();
  await expect(toast).toBeHidden();
}

/** Opens the capture wizard from the bottom navigation's "+" (memories §2). */
export async function openWizard(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: messages.shellMainNavigation }).getByRole('button', { name: messages.captureAMemory }).click();
  const wizard = page.getByRole('dialog', { name: messages.captureAMemory });
  await expect(wizard.getByLabel(messages.captureTitleLabel)).toBeVisible();
  return wizard;
}

/** A short recording from Chromium's fake microphone, as the capture wizard would send it. */
export async function recordVoice(page: Page, durationMs = 1500): Promise<Buffer> {
  const base64 = await page.evaluate(async (duration) => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(250);
    await new Promise((resolve) => setTimeout(resolve, duration));
    recorder.stop();
    await stopped;
    stream.getTracks().forEach((track) => track.stop());
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'audio/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, durationMs);
  return Buffer.from(base64, 'base64');
}

/** A short decodable WebM recorded in the page from a canvas whose colour changes, as bytes. */
export async function recordWebm(page: Page, durationMs = 1500): Promise<Buffer> {
  const base64 = await page.evaluate(async (duration) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    let frame = 0;
    const painter = setInterval(() => {
      context.fillStyle = `hsl(${(frame += 12) % 360}, 70%, 50%)`;
      context.fillRect(0, 0, 160, 120);
    }, 60);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(250);
    await new Promise((resolve) => setTimeout(resolve, duration));
    recorder.stop();
    await stopped;
    clearInterval(painter);
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, durationMs);
  return Buffer.from(base64, 'base64');
}

/**
 * DESIGN "Tests": the serious and critical axe violations on the page (or inside `scope`), as
 * the element and axe's reason, so a failure says what to fix. A fading dialog or drawer
 * reads to axe as low-contrast text, so it waits until every finite transition has run
 * (spinners and pulses loop forever and are left alone). Each look comes two frames on: a
 * Mantine transition starts a few milliseconds after its element mounts, and a look in between
 * saw none running and let axe read a dialog still at 80 % opacity (books.spec, once in a run).
 */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  // page.evaluate waits for the promise's answer (waitForFunction would take the promise itself as a yes).
  const settled = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve(document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity)),
            ),
          ),
        ),
    );
  await expect.poll(settled, { intervals: [50], timeout: 15_000 }).toBe(true);
  const builder = new AxeBuilder({ page });
  const results = await (scope ? builder.include(scope) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`).join('; ')}`);
}

/** An init script: the welcome and timeline tooltips (memories §4) count as seen, so they cover nothing. */
export const seenTooltips = () => {
  localStorage.setItem('welcome-tooltip-seen', 'true');
  localStorage.setItem('timeline-tooltip-memory-count', '1');
};

/**
 * issue 9 "First run": a user with no timeline is taken to "Create Your First Timeline" (a
 * display name given at sign-up no longer skips it). Creates it there and waits for the
 * dialog to close, so the shell is free again.
 */
export async function createFirstTimeline(page: Page, name = 'Our Family') {
  const step = page.getByRole('dialog', { name: messages.setupFirstTimelineTitle });
  await step.getByRole('textbox', { name: messages.setupTimelineName }).fill(name);
  await step.getByRole('button', { name: messages.createTimeline }).click();
  await expect(step).toBeHidden();
}

/** True when the button is painted in the theme's filled primary colour: the screen's main choice. */
export async function isPrimaryFilled(button: Locator): Promise<boolean> {
  // A hovered button shows its hover shade: keep the pointer off it.
  await button.page().mouse.move(0, 0);
  return button.evaluate((element) => {
    const probe = document.createElement('div');
    probe.style.background = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const primary = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return getComputedStyle(element).backgroundColor === primary;
  });
}

/**
 * legible: a signed-in person with a timeline, made through the API (DESIGN "API": POST
 * /api/auth/register), onboarding and tooltips done, so a spec about one screen starts on it.
 */
export async function signedInWithTimeline(page: Page, { displayName = 'Ada Lovelace', timelineName = 'Family' } = {}) {
  await page.addInitScript(() => {
    for (const key of ['welcome-tooltip-seen', 'profile-setup-shown', 'pwa-install-shown-mobile']) localStorage.setItem(key, 'true');
    localStorage.setItem('timeline-tooltip-memory-count', '1');
  });
  const email = uniqueEmail('person');
  const registered = await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, displayName } });
  expect(registered.status(), await registered.text()).toBe(201);
  const timeline = await page.request.post('/api/timelines', { data: { name: timelineName, color: '#8b5cf6' } });
  expect(timeline.status(), await timeline.text()).toBe(201);
  await page.goto('/');
  await expect(page.getByRole('button', { name: messages.shellOpenMenu })).toBeVisible({ timeout: 20_000 });
  return { email, displayName };
}

/**
 * A timeline of the signed-in person (made through the API; sign up with `firstTimeline:
 * false`) and a second member who joined it through an invite, registered through
 * `memberRequest` (a browser context's `request`, so that member's pages are signed in).
 */
export async function timelineWithMember(
  page: Page,
  memberRequest: import('@playwright/test').APIRequestContext,
  { name = 'Lovelace Family', memberName = 'Grace Hopper' } = {},
): Promise<{ timelineId: string; memberId: string }> {
  const created = await page.request.post('/api/timelines', { data: { name, color: '#10b981' } });
  expect(created.status()).toBe(201);
  const timelineId = ((await created.json()) as { id: string }).id;
  const invite = await page.request.post(`/api/timelines/${timelineId}/invites`, { data: {} });
  expect(invite.ok()).toBe(true);
  const inviteId = ((await invite.json()) as { id: string }).id;
  const registered = await memberRequest.post('/api/auth/register', { data: { email: uniqueEmail('member'), password: PASSWORD, displayName: memberName } });
  expect(registered.status()).toBe(201);
  const memberId = ((await registered.json()) as { id: string }).id;
  expect((await memberRequest.post(`/api/timeline-invite/${inviteId}/accept`, { data: {} })).ok()).toBe(true);
  // The new timeline is the active one, and the profile step counts as done (sign up with
  // `firstTimeline: false`, then reload).
  await page.evaluate((id) => {
    localStorage.setItem('activeTimelineId', id);
    localStorage.setItem('profile-setup-shown', 'true');
  }, timelineId);
  return { timelineId, memberId };
}

/** The accessible name of the focused element, and whether it sits in the dialog named `dialog`. */
export async function focusedIn(page: Page, dialog: string): Promise<{ name: string; inside: boolean }> {
  return page.evaluate((title) => {
    const focused = document.activeElement as HTMLElement | null;
    const box = focused?.closest('[role="dialog"]');
    const labelId = box?.getAttribute('aria-labelledby');
    const dialogName = labelId ? document.getElementById(labelId)?.textContent?.trim() : undefined;
    const name = focused?.getAttribute('aria-label') ?? focused?.textContent?.trim() ?? '';
    return { name: focused?.id && document.querySelector(`label[for="${focused.id}"]`) ? document.querySelector(`label[for="${focused.id}"]`)!.textContent!.trim() : name, inside: dialogName === title };
  }, dialog);
}

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 800 };

/** Waits until every finite transition has run, so a shot shows the screen at rest. */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
}

/**
 * The screen as a person sees it (the viewport: a full-page shot draws fixed and sticky bars
 * mid-page), at phone size, then at desktop size, and back to the phone; `at` is scrolled to
 * the middle first. Kept with the test's output, for a person to look at.
 */
export async function shoot(page: Page, name: string, at?: Locator) {
  for (const [size, viewport] of [['phone', phone], ['desktop', desktop]] as const) {
    await page.setViewportSize(viewport);
    if (at) await at.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await settled(page);
    await page.screenshot({ path: test.info().outputPath('shots', `${name}-${size}.png`) });
  }
  await page.setViewportSize(phone);
  await settled(page);
}

/**
 * DESIGN "44 px targets": the control as drawn is at least 44 px each way. Its box is asked
 * until it has one: now and then, under load, Chromium answers a control that is on screen
 * with no box (the welcome page's link, once in some thirty runs with two workers, while an
 * observer in fifty loads saw it neither leave the page nor hidden), which a single read
 * took for a control not drawn. One that is never drawn still fails, after the wait.
 */
export async function expectTouchTarget(control: Locator) {
  const drawn: { box: Awaited<ReturnType<Locator['boundingBox']>> } = { box: null };
  await expect.poll(async () => (drawn.box = await control.boundingBox()), { message: 'the control is drawn' }).not.toBeNull();
  const { width, height } = drawn.box!;
  expect(height, 'its height').toBeGreaterThanOrEqual(44);
  expect(width, 'its width').toBeGreaterThanOrEqual(44);
}

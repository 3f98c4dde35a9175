// Shared steps of the end-to-end specs.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'a long family secret';

export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
}

/** Signs up through the form and waits for the shell. */
export async function signUp(page: Page, { email = uniqueEmail(), displayName = 'Ada Lovelace' } = {}) {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Display name').fill(displayName);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  return { email, displayName };
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In to Get Started' })).toBeVisible();
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
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Capture a Memory' }).click();
  const wizard = page.getByRole('dialog', { name: 'Capture a Memory' });
  await expect(wizard.getByLabel('Title')).toBeVisible();
  return wizard;
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
 * (spinners and pulses loop forever and are left alone).
 */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) =>
      animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
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

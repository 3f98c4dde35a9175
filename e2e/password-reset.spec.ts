// Issue 23 "Forgot password?", end to end at phone size: from the sign-in page a person asks
// for a link, reads the mail a real SMTP server on loopback received, opens the link, chooses a
// new password and signs in with it. A server without mail says whom to ask instead.
//
// This spec runs a Heirloom server of its own with SMTP_URL at the loopback peer
// (server/test/smtp-peer.ts): the config's shared servers send no mail, as a default install.
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { messages } from '../common/messages';
import { startInstance, type Instance } from '../server/test/instance';
import { startSmtpPeer, type SmtpPeer } from '../server/test/smtp-peer';
import { expectTouchTarget, PASSWORD, signOut, uniqueEmail } from './helpers';

// Beside the config's two servers (E2E_PORT and E2E_PORT + 1000) and words-arrive's (+ 2000).
const PORT = Number(process.env.E2E_PORT ?? 3100) + 2500;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = `e2e/.output/data-${PORT}`;
const NEW_PASSWORD = 'the garden gate is green';

let smtp: SmtpPeer;
let heirloom: Instance;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeAll(async () => {
  smtp = await startSmtpPeer();
  rmSync(DATA_DIR, { recursive: true, force: true });
  heirloom = await startInstance({
    PORT: String(PORT),
    PUBLIC_URL: ORIGIN,
    DATA_DIR,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Heirloom <heirloom@example.org>',
    SIGNUP_LIMIT_PER_HOUR: '1000',
    ...(process.env.WEB_ROOT ? { WEB_ROOT: process.env.WEB_ROOT } : {}),
  });
});

test.afterAll(async () => {
  await heirloom?.stop();
  await smtp?.stop();
});

test.describe('with mail', () => {
  test.use({ baseURL: ORIGIN });

  test('forgot → the mail → a new password → signed in', async ({ page }) => {
    test.setTimeout(90_000);
    // Onboarding's prompts (install on a phone, tooltips) would cover the shell once signed in.
    await page.addInitScript(() => {
      for (const key of ['welcome-tooltip-seen', 'profile-setup-shown', 'pwa-install-shown-mobile']) localStorage.setItem(key, 'true');
    });
    const email = uniqueEmail('rose');
    const registered = await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, displayName: 'Rose' } });
    expect(registered.status(), await registered.text()).toBe(201);
    // A timeline of her own, or onboarding's "Create Your First Timeline" may come up over the
    // menu just as she signs out (it did once in a full run, under load).
    const timeline = await page.request.post('/api/timelines', { data: { name: 'The Rose family', color: '#8b5cf6' } });
    expect(timeline.status(), await timeline.text()).toBe(201);
    await page.context().clearCookies();

    await page.goto('/login');
    await expectTouchTarget(page.getByRole('link', { name: messages.forgotPasswordLink }));
    await page.getByRole('link', { name: messages.forgotPasswordLink }).click();
    await expect(page.getByRole('heading', { name: messages.forgotPasswordTitle })).toBeVisible();
    // By keyboard: the field has focus, Enter sends.
    await expect(page.getByLabel(messages.authEmail)).toBeFocused();
    await page.keyboard.type(email);
    await expectTouchTarget(page.getByRole('button', { name: messages.forgotPasswordSubmit }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: messages.forgotPasswordSent })).toBeVisible();

    // The server's job hands the mail to the SMTP server after the answer.
    const [mail] = (await smtp.waitFor(1, 20_000)).filter((message) => !Array.isArray(message.to) && message.to?.text === email);
    expect(mail!.subject).toBe(messages.passwordResetSubject);
    expect(mail!.html).toContain(messages.passwordResetAction);
    const link = new RegExp(`${ORIGIN}/reset-password/[A-Za-z0-9_-]+`).exec(mail!.text ?? '')![0];

    await page.goto(link);
    await expect(page.getByRole('heading', { name: messages.resetPasswordTitle })).toBeVisible();
    await page.getByRole('textbox', { name: messages.resetPasswordNew, exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: messages.resetPasswordConfirm, exact: true }).fill('not the same at all');
    await page.getByRole('button', { name: messages.resetPasswordSubmit }).click();
    await expect(page.getByText(messages.resetPasswordMismatch)).toBeVisible();
    await page.getByRole('textbox', { name: messages.resetPasswordConfirm, exact: true }).fill(NEW_PASSWORD);
    await expectTouchTarget(page.getByRole('button', { name: messages.resetPasswordSubmit }));
    await page.getByRole('button', { name: messages.resetPasswordSubmit }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.resetPasswordDone })).toBeVisible();

    await page.getByRole('link', { name: messages.authSignIn }).click();
    await page.getByLabel(messages.authEmail).fill(email);
    await page.getByRole('textbox', { name: messages.authPassword, exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: messages.authSignIn }).click();
    await expect(page.getByRole('button', { name: messages.shellOpenMenu })).toBeVisible();

    // The link was one use: opened again, it says so.
    await signOut(page);
    await page.goto(link);
    await page.getByRole('textbox', { name: messages.resetPasswordNew, exact: true }).fill('yet another long password');
    await page.getByRole('textbox', { name: messages.resetPasswordConfirm, exact: true }).fill('yet another long password');
    await page.getByRole('button', { name: messages.resetPasswordSubmit }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.passwordResetLinkInvalid })).toBeVisible();
  });
});

test('without mail, the page says to ask the person who runs the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: messages.forgotPasswordLink }).click();
  await expect(page.getByText(messages.passwordResetNoMail)).toBeVisible();
  await expect(page.getByLabel(messages.authEmail)).toHaveCount(0);
  await page.getByRole('link', { name: messages.backToSignIn }).click();
  await expect(page).toHaveURL(/\/login$/);
});

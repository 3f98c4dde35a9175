import { expect, test } from '@playwright/test';
import { expectTouchTarget, PASSWORD, signOut, signUp, uniqueEmail } from './helpers';
import { messages } from '../common/messages';

test.describe('Accounts', () => {
  test('sign up shows the shell; sign out returns to the welcome page', async ({ page }) => {
    const { displayName } = await signUp(page);
    await expect(page.getByRole('heading', { name: messages.promptsTitle })).toBeVisible();
    await page.getByRole('button', { name: messages.shellOpenMenu }).click();
    await expect(page.getByRole('dialog', { name: messages.menuTitle }).getByText(displayName)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: messages.shellMainNavigation })).toBeVisible();
    await signOut(page);
    // The session is gone on the server too: a reload stays signed out.
    await page.reload();
    await expect(page.getByRole('link', { name: messages.signInToStart })).toBeVisible();
  });

  test('sign-up form refuses bad input with clear messages and creates nothing', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel(messages.authEmail).fill('not-an-email');
    await page.getByRole('textbox', { name: messages.authPassword, exact: true }).fill('short');
    await page.getByRole('button', { name: messages.authCreateAccount }).click();
    await expect(page.getByText(messages.emailInvalid)).toBeVisible();
    await expect(page.getByText(messages.passwordTooShort)).toBeVisible();

    const email = uniqueEmail();
    await page.getByLabel(messages.authEmail).fill(email);
    await page.getByRole('textbox', { name: messages.authPassword, exact: true }).fill('password123');
    await page.getByRole('button', { name: messages.authCreateAccount }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.passwordTooCommon);

    // Nothing was created: signing in with that email fails.
    await page.goto('/login');
    await page.getByLabel(messages.authEmail).fill(email);
    await page.getByRole('textbox', { name: messages.authPassword, exact: true }).fill('password123');
    await page.getByRole('button', { name: messages.authSignIn }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.invalidCredentials);
  });

  test('sign in with returnTo brings the user back where they were', async ({ page }) => {
    const { email } = await signUp(page);
    await signOut(page);

    await page.goto('/extras');
    await page.getByRole('link', { name: messages.inviteHaveAccount }).click();
    await page.getByLabel(messages.authEmail).fill(email);
    await page.getByRole('textbox', { name: messages.authPassword, exact: true }).fill('wrong password here');
    await page.getByRole('button', { name: messages.authSignIn }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.invalidCredentials);

    await page.getByRole('textbox', { name: messages.authPassword, exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: messages.authSignIn }).click();
    await expect(page).toHaveURL(/\/extras$/);
    await expect(page.getByRole('heading', { name: messages.extrasTitle })).toBeVisible();
  });

  test('unknown paths show the 404 page when signed in', async ({ page }) => {
    await signUp(page);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: messages.notFoundTitle })).toBeVisible();
    await expect(page.getByText(messages.notFoundHint)).toBeVisible();
  });

  // Issue 19: another site's link to /api/logout no longer signs anyone out by itself.
  test('a sign-out link on another site shows "Sign out of Heirloom?" and signs out only with its button', async ({ page, baseURL }) => {
    await signUp(page);
    await page.route('http://elsewhere.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Elsewhere</title><a href="${baseURL}/api/logout">Win a prize</a>` }),
    );
    const followLink = async () => {
      await page.goto('http://elsewhere.example/');
      await page.getByRole('link', { name: 'Win a prize' }).click();
      await expect(page.getByRole('heading', { name: messages.signOutConfirmTitle })).toBeVisible();
    };

    await followLink();
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    // "Stay signed in" goes back to the app, still signed in.
    await page.getByRole('link', { name: messages.signOutConfirmStay }).click();
    await expect(page.getByRole('button', { name: messages.shellOpenMenu })).toBeVisible();

    await followLink();
    const signOutButton = page.getByRole('button', { name: messages.menuSignOut });
    await expectTouchTarget(signOutButton);
    await signOutButton.click();
    await expect(page.getByRole('link', { name: messages.signInToStart })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
});

import { expect, test } from '@playwright/test';
import { PASSWORD, signOut, signUp, uniqueEmail } from './helpers';

test.describe('Accounts', () => {
  test('sign up shows the shell; sign out returns to the welcome page', async ({ page }) => {
    const { displayName } = await signUp(page);
    await expect(page.getByRole('heading', { name: "Today's Prompts" })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByText(displayName)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await signOut(page);
    // The session is gone on the server too: a reload stays signed out.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign In to Get Started' })).toBeVisible();
  });

  test('sign-up form refuses bad input with clear messages and creates nothing', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

    const email = uniqueEmail();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('password123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('This password is too common. Choose one that is harder to guess');

    // Nothing was created: signing in with that email fails.
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('password123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  });

  test('sign in with returnTo brings the user back where they were', async ({ page }) => {
    const { email } = await signUp(page);
    await signOut(page);

    await page.goto('/extras');
    await page.getByRole('link', { name: 'I already have an account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong password here');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/extras$/);
    await expect(page.getByRole('heading', { name: 'Extras' })).toBeVisible();
  });

  test('unknown paths show the 404 page when signed in', async ({ page }) => {
    await signUp(page);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
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
      await expect(page.getByRole('heading', { name: 'Sign out of Heirloom?' })).toBeVisible();
    };

    await followLink();
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    // "Stay signed in" goes back to the app, still signed in.
    await page.getByRole('link', { name: 'Stay signed in' }).click();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();

    await followLink();
    const signOutButton = page.getByRole('button', { name: 'Sign Out' });
    const box = (await signOutButton.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await signOutButton.click();
    await expect(page.getByRole('link', { name: 'Sign In to Get Started' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
});

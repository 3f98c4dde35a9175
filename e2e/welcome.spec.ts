import { expect, test } from '@playwright/test';
import { messages } from '../common/messages';

test.describe('Welcome page (signed out)', () => {
  test('shows the title, tagline, four features and the sign-in button', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: messages.appName, level: 1 })).toBeVisible();
    await expect(page.getByText(messages.tagline)).toBeVisible();
    const features = page.getByRole('listitem');
    await expect(features).toHaveCount(4);
    await expect(features.nth(0)).toContainText(messages.welcomeFeatures[0]);
    await expect(features.nth(1)).toContainText(messages.welcomeFeatures[1]);
    await expect(features.nth(2)).toContainText(messages.welcomeFeatures[2]);
    await expect(features.nth(3)).toContainText(messages.welcomeFeatures[3]);
    // Issue 20: with no SSO and sign-up open, the main button leads to creating an account.
    await expect(page.getByRole('link', { name: messages.signInToStart })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: messages.welcomeHaveAccount })).toHaveAttribute('href', '/login');
  });

  test('is shown for every signed-out path but the invite landings', async ({ page }) => {
    for (const path of ['/timeline', '/profile', '/family', '/no/such/page']) {
      await page.goto(path);
      await expect(page.getByRole('link', { name: messages.signInToStart })).toBeVisible();
    }
    await page.goto('/timeline-invite/abc');
    await expect(page.getByRole('link', { name: messages.signInToStart })).toHaveCount(0);
  });

  test('"Sign In to Get Started" leads to sign-up and "I already have an account" to the sign-in form, carrying the address', async ({ page }) => {
    await page.goto('/timeline?memoryId=42');
    await page.getByRole('link', { name: messages.signInToStart }).click();
    await expect(page).toHaveURL(/\/signup\?returnTo=%2Ftimeline%3FmemoryId%3D42$/);
    await expect(page.getByRole('heading', { name: messages.authCreateYourAccount })).toBeVisible();
    await page.goto('/timeline?memoryId=42');
    await page.getByRole('link', { name: messages.welcomeHaveAccount }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Ftimeline%3FmemoryId%3D42$/);
    await expect(page.getByRole('heading', { name: messages.authWelcomeBack })).toBeVisible();
  });

  test('shows "Loading..." while authentication loads', async ({ page }) => {
    await page.route('**/api/auth/user', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('status')).toContainText(messages.loading);
    await expect(page.getByRole('link', { name: messages.signInToStart })).toBeVisible();
  });
});

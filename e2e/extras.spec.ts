import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signUp } from './helpers';

// accounts §2 "Extras page": the nine features, in order.
const FEATURES = [
  'Intergenerational Interview',
  'Create Calendar',
  'Compile Story',
  'Memory Timeline',
  'Photo Collage',
  'Family Tree',
  'Memory Gifts',
  'Legacy Letters',
  'AI Memory Assistant',
];

const FEEDBACK_URL = 'https://feedback.example.org/heirloom';

test.describe('Extras', () => {
  test('the page shows nine "Coming Soon" cards, and a card says "Feature Coming Soon!" for 3 seconds', async ({ page }) => {
    await signUp(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Extras' }).click();
    await expect(page).toHaveURL(/\/extras$/);
    await expect(page.getByRole('heading', { name: 'Extras', level: 1 })).toBeVisible();

    const cards = page.getByRole('main').getByRole('button', { name: /Coming Soon/ });
    await expect(cards).toHaveCount(9);
    for (const [index, feature] of FEATURES.entries()) {
      await expect(cards.nth(index)).toContainText(feature);
      await expect(cards.nth(index)).toContainText('Coming Soon');
    }
    await expect(page.getByRole('heading', { name: 'More Magic Coming Soon' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await page.getByRole('button', { name: /Family Tree/ }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Feature Coming Soon!' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Family Tree is being developed and will be available in a future update.');
    // accounts §9: the coming-soon toast stays 3 s.
    await page.waitForTimeout(2_000);
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 3_000 });
  });

  test('"Send Feedback" opens the feedback form in a new tab', async ({ page, context }) => {
    await page.route('**/api/config', (route) => route.fulfill({ json: { feedbackUrl: FEEDBACK_URL } }));
    await context.route(`${FEEDBACK_URL}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Feedback</title>' }));
    await signUp(page);
    await page.goto('/extras');

    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    const feedback = await opened;
    await expect(feedback).toHaveURL(FEEDBACK_URL);
    await expect(page).toHaveURL(/\/extras$/);
  });

  // Opened from the Home page's "Extras" button (features/home), through the shell.
  test('the shell\'s Extras dialog has the nine tiles and says "Coming Soon!"', async ({ page }) => {
    await signUp(page);
    await page.getByRole('main').getByRole('button', { name: 'Extras', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Extras' });
    await expect(dialog).toBeVisible();
    for (const feature of FEATURES) await expect(dialog.getByRole('button', { name: feature })).toBeVisible();
    await expect(dialog.getByRole('button', { name: new RegExp(FEATURES.join('|')) })).toHaveCount(9);

    await dialog.getByRole('button', { name: 'Legacy Letters' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Coming Soon!' });
    await expect(toast).toContainText('Legacy Letters will be available in a future update.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

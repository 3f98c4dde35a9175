import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pauseClock } from './clock';
import { signUp } from './helpers';
import { extrasFeatureNames, messages, type ExtrasFeatureName } from '../common/messages';
import { FEEDBACK_URL } from '../playwright.config';

// accounts §2 "Extras page": the nine features, in order.
const FEATURES = extrasFeatureNames;
/** A feature by its name, checked against the list the page shows. */
const featureNamed = (name: ExtrasFeatureName) => name;

/**
 * accounts §9: a coming-soon toast stays 3 s, on the page's clock (held still before the
 * toast was asked for): on screen at 2.9 s and still at 2.999 s; at 3 s it leaves (Mantine
 * fades it out for 250 ms), and then it is gone.
 */
async function expectShownFor3Seconds(page: Page, toast: Locator) {
  // A pointer resting on a toast holds its countdown (Mantine): keep it away.
  await page.mouse.move(0, 0);
  await page.clock.runFor(2_900);
  await expect(toast).toBeVisible();
  await page.clock.runFor(99);
  await expect(toast).toHaveCSS('opacity', '1');
  await page.clock.runFor(1);
  await expect(toast).toHaveCSS('opacity', '0');
  await page.clock.runFor(250);
  await expect(toast).toHaveCount(0);
}

test.describe('Extras', () => {
  test('the page shows nine "Coming Soon" cards, and a card says "Feature Coming Soon!" for 3 seconds', async ({ page }) => {
    await page.clock.install();
    await signUp(page);
    await page.getByRole('button', { name: messages.shellOpenMenu }).click();
    await page.getByRole('link', { name: messages.menuExtras }).click();
    await expect(page).toHaveURL(/\/extras$/);
    await expect(page.getByRole('heading', { name: messages.extrasTitle, level: 1 })).toBeVisible();

    const cards = page.getByRole('main').getByRole('button', { name: messages.comingSoonBadge });
    await expect(cards).toHaveCount(9);
    for (const [index, feature] of FEATURES.entries()) {
      await expect(cards.nth(index)).toContainText(feature);
      await expect(cards.nth(index)).toContainText(messages.comingSoonBadge);
    }
    await expect(page.getByRole('heading', { name: messages.moreMagicComingSoon })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await pauseClock(page);
    await page.getByRole('button', { name: featureNamed('Family Tree') }).click();
    const toast = page.getByRole('alert').filter({ hasText: messages.featureComingSoon });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(messages.featureComingSoonDetail(featureNamed('Family Tree')));
    await expectShownFor3Seconds(page, toast);
  });

  test('"Send Feedback" opens the feedback form in a new tab', async ({ page, context }) => {
    await context.route(`${FEEDBACK_URL}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Feedback</title>' }));
    await signUp(page);
    await page.goto('/extras');

    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: messages.sendFeedback }).click();
    const feedback = await opened;
    await expect(feedback).toHaveURL(FEEDBACK_URL);
    await expect(page).toHaveURL(/\/extras$/);
  });

  // Opened from the Home page's "Extras" button (features/home), through the shell.
  test('the shell\'s Extras dialog has the nine tiles and says "Coming Soon!" for 3 seconds', async ({ page }) => {
    await page.clock.install();
    await signUp(page);
    await page.getByRole('main').getByRole('button', { name: messages.menuExtras, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: messages.extrasTitle });
    await expect(dialog).toBeVisible();
    for (const feature of FEATURES) await expect(dialog.getByRole('button', { name: feature })).toBeVisible();
    await expect(dialog.getByRole('button', { name: new RegExp(FEATURES.join('|')) })).toHaveCount(9);

    await pauseClock(page);
    await dialog.getByRole('button', { name: featureNamed('Legacy Letters') }).click();
    const toast = page.getByRole('alert').filter({ hasText: messages.comingSoon });
    await expect(toast).toContainText(messages.comingSoonDetail(featureNamed('Legacy Letters')));
    await expectShownFor3Seconds(page, toast);
    await page.clock.resume();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

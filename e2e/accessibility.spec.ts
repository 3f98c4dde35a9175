import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from './helpers';

/** DESIGN "Tests": axe finds no serious or critical violation. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('Accessibility', () => {
  test('welcome, sign-in and sign-up pages', async ({ page }) => {
    for (const path of ['/', '/login', '/signup']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test('the shell, in dark and light theme, with the side menu open', async ({ page }) => {
    await signUp(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('switch', { name: 'Dark theme' }).uncheck();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

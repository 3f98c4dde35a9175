// issue 9 "First run": no dead ends for a new user. Communities is one tap from the menu.
import { expect, test } from '@playwright/test';
import { oneOfTexts, seriousViolations, signUp } from './helpers';
import { messages } from '../common/messages';

for (const size of [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
]) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });

    test('the side menu has Communities, beside Manage Timelines, and it opens /community', async ({ page }) => {
      // The install screen (phones) is tested in onboarding.spec.ts; here it would cover the menu.
      await page.addInitScript(() => localStorage.setItem('pwa-install-shown-mobile', 'true'));
      await signUp(page, { displayName: 'Grace Hopper', firstTimeline: 'Hopper Family' });
      await page.getByRole('button', { name: messages.shellOpenMenu }).click();
      const menu = page.getByRole('dialog', { name: messages.menuTitle });
      const entries = menu.locator('a, button').filter({ hasText: oneOfTexts([messages.menuManageTimelines, messages.menuCommunities, messages.menuDownload]) });
      await expect(entries).toHaveText([messages.menuManageTimelines, messages.menuCommunities, messages.menuDownload]);
      expect(await seriousViolations(page, '.mantine-Drawer-content')).toEqual([]);
      await page.screenshot({ path: `test-results/screens/${size.name}-menu-communities.png` });

      await menu.getByRole('link', { name: messages.menuCommunities }).click();
      await expect(page).toHaveURL(/\/community$/);
      await expect(page.getByRole('heading', { name: messages.communitiesTitle })).toBeVisible();
      await expect(page.getByText(messages.timelineMembersHeading('Hopper Family'))).toBeVisible();
      await expect(menu).toBeHidden();
    });
  });
}

import { expect, test } from '@playwright/test';
import { signedInWithTimeline } from './helpers';

test.describe('App shell', () => {
  test('side menu has every entry, and none is a dead button', async ({ page }) => {
    await signedInWithTimeline(page, { displayName: 'Grace Hopper' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByText('Grace Hopper')).toBeVisible();
    await expect(menu.getByText('GH')).toBeVisible();

    await menu.getByRole('button', { name: 'Manage Timelines' }).click();
    await expect(page.getByRole('dialog', { name: 'Manage Timelines' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Download Memories' }).click();
    await expect(page.getByRole('dialog', { name: 'Bulk Download Memories' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Extras' }).click();
    await expect(page).toHaveURL(/\/extras$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const feedback = page.getByRole('link', { name: 'Send Feedback' });
    await expect(feedback).toHaveAttribute('target', '_blank');
    await expect(feedback).toHaveAttribute('href', /.+/);
  });

  test('bottom navigation moves between Home and Timeline and opens capture', async ({ page }) => {
    await signedInWithTimeline(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Timeline' }).click();
    await expect(page).toHaveURL(/\/timeline$/);
    await expect(nav.getByRole('link', { name: 'Timeline' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await nav.getByRole('button', { name: 'Capture a Memory' }).click();
    await expect(page.getByRole('dialog', { name: 'Capture a Memory' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Search memories' }).click();
    await expect(page.getByRole('dialog', { name: 'Search Memories' })).toBeVisible();
  });

  test('the bell shows the unread count, "9+" above 9, and polls every 30 s', async ({ page }) => {
    let count = 3;
    await page.route('**/api/notifications/unread-count', (route) => route.fulfill({ json: { count } }));
    await page.clock.install();
    await signedInWithTimeline(page);
    await expect(page.getByRole('button', { name: 'Notifications, 3 unread' })).toBeVisible();
    await expect(page.getByTestId('unread-badge')).toContainText('3');

    count = 12;
    await page.clock.runFor(30_000);
    await expect(page.getByRole('button', { name: 'Notifications, 12 unread' })).toBeVisible();
    await expect(page.getByTestId('unread-badge')).toContainText('9+');

    await page.getByRole('button', { name: 'Notifications, 12 unread' }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  });

  test('the theme is dark by default and a change persists across reload', async ({ page }) => {
    await signedInWithTimeline(page);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('switch', { name: 'Dark theme' }).uncheck();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('family-memories-theme'))).toBe('light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('switch', { name: 'Dark theme' }).check();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('family-memories-theme'))).toBe('dark');
  });

  test('the media redirect refuses a missing url', async ({ page }) => {
    await signedInWithTimeline(page);
    const alerted = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.goto('/media-player');
    expect(await alerted).toBe('Error: No media URL provided');
  });

  test('a dialog takes focus to its main action, keeps it inside, and gives it back to its opener', async ({ page }) => {
    await signedInWithTimeline(page);
    const opener = page.getByRole('button', { name: 'Search memories' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Search Memories' });
    await expect(dialog.getByRole('searchbox', { name: /Search your memories/ })).toBeFocused();
    for (let press = 0; press < 4; press += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // The side menu, and a dialog opened from it: its entry is gone, so the menu button stands in.
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(menuButton).toBeFocused();
    await menuButton.click();
    await page.getByRole('button', { name: 'Download Memories' }).click();
    const download = page.getByRole('dialog', { name: 'Bulk Download Memories' });
    await expect(download.getByRole('button', { name: 'Start date' })).toBeFocused();
    await download.getByRole('button', { name: 'Close bulk download' }).click();
    await expect(download).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

import { expect, test } from '@playwright/test';
import { signUp } from './helpers';

// accounts §2: the app is used on phones; the shell must fit a 390×844 screen.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('At phone width', () => {
  test('the welcome page fits without sideways scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In to Get Started' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/screens/phone-welcome.png' });
  });

  test('header and bottom navigation stay on screen', async ({ page }) => {
    await signUp(page);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeInViewport();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Capture a Memory' })).toBeInViewport();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timeline' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/screens/phone-home.png' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: 'Sign Out' })).toBeInViewport();
    await page.screenshot({ path: 'test-results/screens/phone-menu.png' });
  });
});

test.describe('At phone width, with timelines', () => {
  test('home, Communities and an invite page fit the screen', async ({ page, browser }) => {
    await signUp(page, { displayName: 'Ada Lovelace' });
    const created = await page.request.post('/api/timelines', { data: { name: 'Lovelace Family', color: '#8b5cf6', description: 'Sunday dinners and summer trips' } });
    const timeline = await created.json();
    const invite = await (await page.request.post(`/api/timelines/${timeline.id}/invites`, { data: {} })).json();
    await page.reload();
    await expect(page.getByRole('button', { name: /Active timeline: Lovelace Family/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/screens/phone-home-timeline.png' });

    await page.goto('/family');
    await expect(page.getByText('Lovelace Family Members')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/screens/phone-communities.png', fullPage: true });

    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`/timeline-invite/${invite.id}`);
    await expect(visitor.getByRole('heading', { name: "You're Invited!" })).toBeVisible();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visitor.screenshot({ path: 'test-results/screens/phone-timeline-invite.png' });
  });
});

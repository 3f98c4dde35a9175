import { expect, test } from '@playwright/test';
import { openWizard, signedInWithTimeline } from './helpers';
import { createMemory } from './memory-fixtures';
import { messages } from '../common/messages';

// accounts §2: the app is used on phones; the shell must fit a 390×844 screen.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('At phone width', () => {
  test('the welcome page fits without sideways scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: messages.signInToStart })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/screens/phone-welcome.png' });
  });

  test('header and bottom navigation stay on screen', async ({ page }) => {
    await signedInWithTimeline(page);
    await expect(page.getByRole('button', { name: messages.shellOpenMenu })).toBeInViewport();
    await expect(page.getByRole('navigation', { name: messages.shellMainNavigation }).getByRole('button', { name: messages.captureAMemory })).toBeInViewport();
    await expect(page.getByRole('navigation', { name: messages.shellMainNavigation }).getByRole('link', { name: messages.timeline })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/screens/phone-home.png' });
    await page.getByRole('button', { name: messages.shellOpenMenu }).click();
    await expect(page.getByRole('link', { name: messages.menuSignOut })).toBeInViewport();
    await page.screenshot({ path: 'test-results/screens/phone-menu.png' });
  });
});

test.describe('At phone width, with timelines', () => {
  test('home, Communities and an invite page fit the screen', async ({ page, browser }) => {
    await signedInWithTimeline(page, { displayName: 'Ada Lovelace', timelineName: 'Lovelace Family' });
    const [timeline] = (await (await page.request.get('/api/timelines')).json()) as Array<{ id: string }>;
    const invite = await (await page.request.post(`/api/timelines/${timeline!.id}/invites`, { data: {} })).json();
    await expect(page.getByRole('button', { name: messages.homeActiveTimeline('Lovelace Family') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/screens/phone-home-timeline.png' });

    await page.goto('/family');
    await expect(page.getByText(messages.timelineMembersHeading('Lovelace Family'))).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/screens/phone-communities.png', fullPage: true });

    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`/timeline-invite/${invite.id}`);
    await expect(visitor.getByRole('heading', { name: messages.inviteYoureInvited })).toBeVisible();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visitor.screenshot({ path: 'test-results/screens/phone-timeline-invite.png' });
  });
});

test.describe('Dialogs at phone width', () => {
  test("a memory's long title wraps with room between its lines, clear of the close button, and a long name is shown whole", async ({ page }) => {
    const displayName = 'Great Aunt Margaret-Josephine Wilhelmina';
    await signedInWithTimeline(page, { displayName });
    const [timeline] = (await (await page.request.get('/api/timelines')).json()) as Array<{ id: string }>;
    const title = 'The summer we drove to the lake with Grandpa Walter and everybody sang';
    await createMemory(page.request, timeline!.id, { title });
    await page.goto('/');
    await page.getByRole('button', { name: messages.homeSpotlightReveal }).click();
    await page.getByRole('article', { name: title }).getByRole('button', { name: messages.viewMemory }).click();
    const dialog = page.getByRole('dialog', { name: title });
    const heading = dialog.getByRole('heading', { name: title });
    await expect(heading).toBeVisible();
    const { lineHeight, fontSize, height } = await heading.evaluate((element) => {
      const style = getComputedStyle(element);
      return { lineHeight: parseFloat(style.lineHeight), fontSize: parseFloat(style.fontSize), height: element.getBoundingClientRect().height };
    });
    // Mantine draws a dialog's title at line-height 1, so wrapped lines all but touch.
    expect(lineHeight / fontSize).toBeGreaterThanOrEqual(1.25);
    expect(Math.round(height / lineHeight)).toBeGreaterThanOrEqual(2);
    const headingBox = (await heading.boundingBox())!;
    const closeBox = (await dialog.getByRole('button', { name: messages.detailClose }).boundingBox())!;
    expect(closeBox.x - (headingBox.x + headingBox.width)).toBeGreaterThanOrEqual(12);
    // The creator's name wraps rather than ending in '…' with no way to read the rest.
    const name = dialog.getByText(displayName, { exact: true });
    await expect(name).toBeVisible();
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth && getComputedStyle(element).textOverflow !== 'ellipsis')).toBe(true);
    await page.screenshot({ path: 'test-results/screens/phone-memory-long-title.png' });
  });
});

test.describe('Toasts at phone width (memories §9, issue 9)', () => {
  test('a toast sits at the bottom, clear of the field it is about, goes once the field is given, and otherwise stays 5 seconds', async ({ page }) => {
    await page.clock.install();
    await signedInWithTimeline(page);
    const wizard = await openWizard(page);
    const title = wizard.getByLabel(messages.captureTitleLabel);
    await wizard.getByRole('button', { name: messages.next }).click();
    const missingTitle = page.getByRole('alert').filter({ hasText: messages.captureMissingTitle });
    await expect(missingTitle).toBeVisible();
    await expect(missingTitle).toHaveCSS('opacity', '1');
    const toastBox = (await missingTitle.boundingBox())!;
    const titleBox = (await title.boundingBox())!;
    // Below the title field, wholly on screen, in the lower part where dialogs put no field.
    expect(toastBox.y).toBeGreaterThan(titleBox.y + titleBox.height);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(844);
    expect(toastBox.y).toBeGreaterThan(844 / 2);
    await page.screenshot({ path: 'test-results/screens/phone-toast.png' });

    // The title given, its toast goes at once; the next mistake's shows without waiting for a place.
    await title.fill('Sledging');
    await expect(missingTitle).toBeHidden();
    await wizard.getByRole('button', { name: messages.next }).click();
    const contentRequired = page.getByRole('alert').filter({ hasText: messages.captureContentRequired });
    await expect(contentRequired).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(1);

    // 5 s (lib/toast.test.ts pins the number); real time also passes between steps, hence the slack.
    await page.mouse.move(0, 0);
    await page.clock.runFor(3_500);
    await expect(contentRequired).toBeVisible();
    await page.clock.runFor(2_000);
    await expect(contentRequired).toBeHidden();
  });

  test('signed in, a toast rises above the bottom navigation', async ({ page }) => {
    await signedInWithTimeline(page);
    await page.goto('/profile');
    await page.getByRole('textbox', { name: messages.profileDisplayName }).fill('Ada King');
    await page.getByRole('button', { name: messages.saveChanges }).click();
    const saved = page.getByRole('alert').filter({ hasText: messages.profileUpdated });
    await expect(saved).toBeVisible();
    await expect(saved).toHaveCSS('opacity', '1');
    const toastBox = (await saved.boundingBox())!;
    const navBox = (await page.getByRole('navigation', { name: messages.shellMainNavigation }).boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(navBox.y);
  });
});

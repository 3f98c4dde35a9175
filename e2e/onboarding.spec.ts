import { expect, test, type Page } from '@playwright/test';
import { advance, pauseClock } from './clock';
import { createFirstTimeline, isPrimaryFilled, PASSWORD, seriousViolations, signUp, uniqueEmail } from './helpers';
import { messages } from '../common/messages';

/** Signs up leaving the display name empty, as a brand-new user may (helpers.signUp fills one). */
async function signUpWithoutName(page: Page): Promise<string> {
  const email = uniqueEmail('newcomer');
  await page.goto('/signup');
  await page.getByLabel(messages.authEmail).fill(email);
  await page.getByRole('textbox', { name: messages.authPassword, exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: messages.authCreateAccount }).click();
  await expect(page.getByRole('button', { name: messages.shellOpenMenu })).toBeVisible();
  return email;
}

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

/** Toasts show one at a time: close the current one so the next can appear. */
async function closeToast(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await toast.getByRole('button').click();
  await expect(toast).toBeHidden();
}

const ONBOARDING_DIALOGS = /^(Set Up Your Profile|Create Your First Timeline|Create Your Personal Timeline|Add It to Your Home Screen)$/;

/**
 * No onboarding screen (or the one named) opens within `ms` on the page's clock (installed
 * before navigation): the clock is held, moved past the window and the page left to draw
 * whatever fell due; then the clock runs on again. Call it once the timeline list has loaded
 * (the chooser shows the active timeline), since the screens' delays count from then.
 */
async function expectNoOnboardingWithin(page: Page, ms: number, name: string | RegExp = ONBOARDING_DIALOGS) {
  await pauseClock(page);
  await advance(page, ms);
  await expect(page.getByRole('dialog', { name })).toHaveCount(0);
  await page.clock.resume();
}

test.describe('Onboarding', () => {
  test('"Set Up Your Profile" appears 0.5 s after a user without a display name arrives, not before', async ({ page }) => {
    // Timed in the page: when the dialog first appears, against when the timeline list
    // (the last thing onboarding waits for) finished loading.
    await page.addInitScript(() => {
      const marks = window as unknown as { setupShownAt?: number };
      new MutationObserver(() => {
        if (marks.setupShownAt !== undefined) return;
        const dialogs = Array.from(document.querySelectorAll('[role="dialog"]'));
        if (dialogs.some((dialog) => dialog.textContent?.includes('Set Up Your Profile'))) marks.setupShownAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await signUpWithoutName(page);
    await expect(page.getByRole('dialog', { name: messages.setupProfileTitle })).toBeVisible();
    const { shownAt, listedAt } = await page.evaluate(() => ({
      shownAt: (window as unknown as { setupShownAt: number }).setupShownAt,
      listedAt: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === '/api/timelines')
        .map((entry) => (entry as PerformanceResourceTiming).responseEnd)[0]!,
    }));
    expect(shownAt - listedAt).toBeGreaterThanOrEqual(500);
    expect(shownAt - listedAt).toBeLessThan(2_500);
  });

  test('a brand-new user saves a display name, then creates "Our Family" as the first timeline', async ({ page }) => {
    await page.clock.install();
    await signUpWithoutName(page);
    const setup = page.getByRole('dialog', { name: messages.setupProfileTitle });
    await expect(setup).toBeVisible();
    await expect(setup.getByText(messages.setupStepOf(1, 2))).toBeVisible();
    expect(await seriousViolations(page, '.mantine-Modal-content')).toEqual([]);

    await setup.getByRole('button', { name: messages.setupContinueToTimeline }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.displayNameRequired })).toContainText(messages.displayNameRequiredDetail);
    await closeToast(page, 'Display name required');

    await setup.getByRole('textbox', { name: messages.profileDisplayName }).fill('Ada Byron');
    await setup.getByRole('button', { name: messages.setupContinueToTimeline }).click();
    const step2 = page.getByRole('dialog', { name: messages.setupFirstTimelineTitle });
    await expect(step2).toBeVisible();
    await expect(step2.getByText(messages.setupStepOf(2, 2))).toBeVisible();
    expect(await stored(page, 'profile-setup-shown')).toBe('true');
    await expect(step2.getByRole('button', { name: messages.setupSkipForNow })).toHaveCount(0);

    // Back returns to step 1 with the name kept.
    await step2.getByRole('button', { name: messages.back }).click();
    await expect(setup.getByRole('textbox', { name: messages.profileDisplayName })).toHaveValue('Ada Byron');
    await setup.getByRole('button', { name: messages.setupContinueToTimeline }).click();
    await expect(step2).toBeVisible();

    await step2.getByRole('button', { name: messages.createTimeline }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.timelineNameRequired })).toContainText(messages.timelineNameRequiredDetail);
    await closeToast(page, 'Timeline name required');

    await step2.getByRole('textbox', { name: messages.setupTimelineName }).fill('Our Family');
    await step2.getByRole('button', { name: messages.createTimeline }).click();
    const created = page.getByRole('alert').filter({ hasText: messages.firstTimelineCreated });
    await expect(created).toContainText(messages.firstTimelineCreatedDetail('Our Family'));
    await expect(step2).toBeHidden();

    expect(await stored(page, 'profile-setup-shown')).toBe('true');
    expect(await stored(page, 'createdTimelineName')).toBe('Our Family');
    expect(await stored(page, 'timeline-welcome-shown')).toBeNull();

    const timelines = (await (await page.request.get('/api/timelines')).json()) as Array<Record<string, unknown>>;
    expect(timelines).toEqual([expect.objectContaining({ name: 'Our Family', color: '#3b82f6', icon: 'Home', isDefault: true, description: null })]);
    const user = await (await page.request.get('/api/auth/user')).json();
    expect(user.displayName).toBe('Ada Byron');

    // Not a phone: no install screen (due 0.3 s after setup on a phone); and setup does not
    // come back (due 0.5 s after the timelines load).
    await expectNoOnboardingWithin(page, 1_000, 'Add It to Your Home Screen');
    expect(await stored(page, 'pwa-install-shown-mobile')).toBeNull();
    await page.reload();
    await expect(page.getByRole('button', { name: messages.homeActiveTimeline('Our Family') })).toBeVisible();
    await expectNoOnboardingWithin(page, 1_000);
  });

  test('skipping is refused without a timeline, and says why', async ({ page }) => {
    await signUpWithoutName(page);
    const setup = page.getByRole('dialog', { name: messages.setupProfileTitle });
    await setup.getByRole('button', { name: messages.setupSkipProfile }).click();
    const step2 = page.getByRole('dialog', { name: messages.setupFirstTimelineTitle });
    await expect(step2).toBeVisible();
    await expect(step2.getByText(messages.setupSkipRefusedTitle)).toBeVisible();
    await expect(step2.getByText(messages.setupSkipRefused)).toBeVisible();
    await expect(step2.getByRole('button', { name: messages.setupSkipForNow })).toHaveCount(0);
    expect(await stored(page, 'profile-setup-shown')).toBeNull();
  });

  test('an invited user sees "Create Your Personal Timeline" and may skip it', async ({ page }) => {
    await page.goto('/');
    // What the invite flow stores after joining a shared timeline (accounts §3).
    await page.evaluate(() => localStorage.setItem('pendingTimelineWelcome', JSON.stringify({ id: 'shared-1', name: 'The Smiths' })));
    await signUpWithoutName(page);
    const setup = page.getByRole('dialog', { name: messages.setupProfileTitle });
    await setup.getByRole('textbox', { name: messages.profileDisplayName }).fill('Mary Smith');
    await setup.getByRole('button', { name: messages.setupContinueToTimeline }).click();

    const personal = page.getByRole('dialog', { name: messages.setupPersonalTimelineTitle });
    await expect(personal).toBeVisible();
    await expect(personal).toContainText(messages.setupPersonalIntro('The Smiths'));
    await expect(personal.getByRole('button', { name: messages.setupCreatePersonalTimeline })).toBeVisible();
    // issue 9: they just joined a shared timeline, so skipping is the main (filled) choice.
    await expect.poll(() => isPrimaryFilled(personal.getByRole('button', { name: messages.setupSkipForNow }))).toBe(true);
    await expect.poll(() => isPrimaryFilled(personal.getByRole('button', { name: messages.setupCreatePersonalTimeline }))).toBe(false);
    await personal.getByRole('button', { name: messages.setupSkipForNow }).click();
    await expect(personal).toBeHidden();
    expect(await stored(page, 'profile-setup-shown')).toBe('true');

    // issue 9: with no timeline at all (the invite came to nothing), home is not a dead end.
    const chooser = page.getByRole('main');
    await expect(chooser.getByText(messages.homeNoTimelines)).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/desktop-home-no-timelines.png' });
    await chooser.getByRole('button', { name: messages.homeCreateTimeline }).click();
    const manage = page.getByRole('dialog', { name: messages.manageTimelinesTitle });
    await manage.getByRole('textbox', { name: messages.timelineNameLabel }).fill('Mary\'s Stories');
    await manage.getByRole('button', { name: messages.createTimeline }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.timelineCreated })).toBeVisible();
    await manage.getByRole('button', { name: messages.closeDialog }).click();
    await expect(page.getByRole('button', { name: messages.homeActiveTimeline("Mary's Stories") })).toBeVisible();
    await expect(chooser.getByText(messages.homeNoTimelines)).toHaveCount(0);
  });

  test('issue 9: a display name given at sign-up still leads to "Create Your First Timeline"', async ({ page }) => {
    await page.clock.install();
    await signUp(page, { displayName: 'Alan Turing', firstTimeline: false });
    const step2 = page.getByRole('dialog', { name: messages.setupFirstTimelineTitle });
    await expect(step2).toBeVisible();
    await expect(step2.getByText(messages.setupStepOf(2, 2))).toBeVisible();
    await expect(step2.getByRole('button', { name: messages.setupSkipForNow })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/desktop-first-timeline.png' });
    // Back shows step 1 with the name from sign-up.
    await step2.getByRole('button', { name: messages.back }).click();
    const setup = page.getByRole('dialog', { name: messages.setupProfileTitle });
    await expect(setup.getByRole('textbox', { name: messages.profileDisplayName })).toHaveValue('Alan Turing');
    await setup.getByRole('button', { name: messages.setupContinueToTimeline }).click();

    await createFirstTimeline(page, 'Turing Family');
    await expect(page.getByRole('alert').filter({ hasText: messages.firstTimelineCreated })).toContainText(messages.firstTimelineCreatedDetail('Turing Family'));
    await expect(page.getByRole('button', { name: messages.homeActiveTimeline('Turing Family') })).toBeVisible();
    const timelines = (await (await page.request.get('/api/timelines')).json()) as Array<Record<string, unknown>>;
    expect(timelines).toEqual([expect.objectContaining({ name: 'Turing Family', isDefault: true })]);
    expect(await stored(page, 'profile-setup-shown')).toBe('true');

    // Setup does not come back once there is a timeline.
    await page.reload();
    await expect(page.getByRole('button', { name: messages.homeActiveTimeline('Turing Family') })).toBeVisible();
    await expectNoOnboardingWithin(page, 1_000);
  });
});

test.describe('Onboarding at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('after the first timeline the install screen follows, and "I\'ll do it later" marks it shown', async ({ page }) => {
    await page.clock.install();
    await signUpWithoutName(page);
    const setup = page.getByRole('dialog', { name: messages.setupProfileTitle });
    await setup.getByRole('textbox', { name: messages.profileDisplayName }).fill('Grace Hopper');
    await setup.getByRole('button', { name: messages.setupContinueToTimeline }).click();
    const step2 = page.getByRole('dialog', { name: messages.setupFirstTimelineTitle });
    await step2.getByRole('textbox', { name: messages.setupTimelineName }).fill('Our Family');
    await step2.getByRole('button', { name: messages.createTimeline }).click();

    const install = page.getByRole('dialog', { name: messages.installTitle });
    await expect(install).toBeVisible();
    await expect(install).toContainText(messages.installIntro);
    await expect(install.getByRole('listitem').first()).toBeVisible();
    await expect(install.getByRole('button', { name: messages.installAdded })).toBeVisible();
    expect(await seriousViolations(page, '.mantine-Modal-content')).toEqual([]);
    await page.screenshot({ path: 'test-results/screens/phone-install.png' });

    await install.getByRole('button', { name: messages.installLater }).click();
    await expect(install).toBeHidden();
    expect(await stored(page, 'pwa-install-shown-mobile')).toBe('true');
    await page.reload();
    await expect(page.getByRole('button', { name: messages.homeActiveTimeline('Our Family') })).toBeVisible();
    await expectNoOnboardingWithin(page, 1_000);
  });

  test('a returning phone user with a timeline is offered the browser\'s own install prompt when there is one', async ({ page }) => {
    await signUp(page, { firstTimeline: false });
    const created = await page.request.post('/api/timelines', { data: { name: 'The Lovelaces', color: '#3b82f6' } });
    expect(created.ok()).toBe(true);
    await page.evaluate(() => localStorage.setItem('profile-setup-shown', 'true'));
    await page.reload();

    const install = page.getByRole('dialog', { name: messages.installTitle });
    await expect(install).toBeVisible();
    await expect(install.getByRole('button', { name: messages.installAdded })).toBeVisible();
    // What Chromium fires when the app can be installed.
    await page.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          (window as unknown as { prompted: boolean }).prompted = true;
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(event);
    });
    await install.getByRole('button', { name: messages.installAdd }).click();
    await expect(install).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    expect(await stored(page, 'pwa-install-shown-mobile')).toBe('true');
  });
});

test('the app is installable: the manifest names Heirloom and its icons exist', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ name: 'Heirloom', start_url: '/', display: 'standalone' });
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((entry: { sizes: string }) => entry.sizes === size);
    const response = await page.request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
  }
});

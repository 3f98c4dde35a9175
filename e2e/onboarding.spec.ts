import { expect, test, type Page } from '@playwright/test';
import { advance, pauseClock } from './clock';
import { createFirstTimeline, isPrimaryFilled, PASSWORD, seriousViolations, signUp, uniqueEmail } from './helpers';

/** Signs up leaving the display name empty, as a brand-new user may (helpers.signUp fills one). */
async function signUpWithoutName(page: Page): Promise<string> {
  const email = uniqueEmail('newcomer');
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
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
    await expect(page.getByRole('dialog', { name: 'Set Up Your Profile' })).toBeVisible();
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
    const setup = page.getByRole('dialog', { name: 'Set Up Your Profile' });
    await expect(setup).toBeVisible();
    await expect(setup.getByText('Step 1 of 2')).toBeVisible();
    expect(await seriousViolations(page, '.mantine-Modal-content')).toEqual([]);

    await setup.getByRole('button', { name: 'Continue to Timeline' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Display name required' })).toContainText('Please enter a display name to continue');
    await closeToast(page, 'Display name required');

    await setup.getByRole('textbox', { name: 'Display Name' }).fill('Ada Byron');
    await setup.getByRole('button', { name: 'Continue to Timeline' }).click();
    const step2 = page.getByRole('dialog', { name: 'Create Your First Timeline' });
    await expect(step2).toBeVisible();
    await expect(step2.getByText('Step 2 of 2')).toBeVisible();
    expect(await stored(page, 'profile-setup-shown')).toBe('true');
    await expect(step2.getByRole('button', { name: 'Skip for Now' })).toHaveCount(0);

    // Back returns to step 1 with the name kept.
    await step2.getByRole('button', { name: 'Back' }).click();
    await expect(setup.getByRole('textbox', { name: 'Display Name' })).toHaveValue('Ada Byron');
    await setup.getByRole('button', { name: 'Continue to Timeline' }).click();
    await expect(step2).toBeVisible();

    await step2.getByRole('button', { name: 'Create Timeline' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Timeline name required' })).toContainText('Please enter a name for your timeline');
    await closeToast(page, 'Timeline name required');

    await step2.getByRole('textbox', { name: 'Timeline Name' }).fill('Our Family');
    await step2.getByRole('button', { name: 'Create Timeline' }).click();
    const created = page.getByRole('alert').filter({ hasText: 'Timeline Created!' });
    await expect(created).toContainText('Your Our Family timeline has been created successfully.');
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
    await expect(page.getByRole('button', { name: /Active timeline: Our Family/ })).toBeVisible();
    await expectNoOnboardingWithin(page, 1_000);
  });

  test('skipping is refused without a timeline, and says why', async ({ page }) => {
    await signUpWithoutName(page);
    const setup = page.getByRole('dialog', { name: 'Set Up Your Profile' });
    await setup.getByRole('button', { name: 'Skip Profile Setup' }).click();
    const step2 = page.getByRole('dialog', { name: 'Create Your First Timeline' });
    await expect(step2).toBeVisible();
    await expect(step2.getByText('Create a timeline first')).toBeVisible();
    await expect(step2.getByText(/setup can't be skipped until you have one/)).toBeVisible();
    await expect(step2.getByRole('button', { name: 'Skip for Now' })).toHaveCount(0);
    expect(await stored(page, 'profile-setup-shown')).toBeNull();
  });

  test('an invited user sees "Create Your Personal Timeline" and may skip it', async ({ page }) => {
    await page.goto('/');
    // What the invite flow stores after joining a shared timeline (accounts §3).
    await page.evaluate(() => localStorage.setItem('pendingTimelineWelcome', JSON.stringify({ id: 'shared-1', name: 'The Smiths' })));
    await signUpWithoutName(page);
    const setup = page.getByRole('dialog', { name: 'Set Up Your Profile' });
    await setup.getByRole('textbox', { name: 'Display Name' }).fill('Mary Smith');
    await setup.getByRole('button', { name: 'Continue to Timeline' }).click();

    const personal = page.getByRole('dialog', { name: 'Create Your Personal Timeline' });
    await expect(personal).toBeVisible();
    await expect(personal).toContainText('You already belong to the shared timeline "The Smiths"');
    await expect(personal.getByRole('button', { name: 'Create My Personal Timeline' })).toBeVisible();
    // issue 9: they just joined a shared timeline, so skipping is the main (filled) choice.
    await expect.poll(() => isPrimaryFilled(personal.getByRole('button', { name: 'Skip for Now' }))).toBe(true);
    await expect.poll(() => isPrimaryFilled(personal.getByRole('button', { name: 'Create My Personal Timeline' }))).toBe(false);
    await personal.getByRole('button', { name: 'Skip for Now' }).click();
    await expect(personal).toBeHidden();
    expect(await stored(page, 'profile-setup-shown')).toBe('true');

    // issue 9: with no timeline at all (the invite came to nothing), home is not a dead end.
    const chooser = page.getByRole('main');
    await expect(chooser.getByText('No timelines yet')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/desktop-home-no-timelines.png' });
    await chooser.getByRole('button', { name: 'Create a timeline' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Timelines' });
    await manage.getByRole('textbox', { name: 'Timeline name' }).fill('Mary\'s Stories');
    await manage.getByRole('button', { name: 'Create Timeline' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Timeline created' })).toBeVisible();
    await manage.getByRole('button', { name: 'Close dialog' }).click();
    await expect(page.getByRole('button', { name: /Active timeline: Mary's Stories/ })).toBeVisible();
    await expect(chooser.getByText('No timelines yet')).toHaveCount(0);
  });

  test('issue 9: a display name given at sign-up still leads to "Create Your First Timeline"', async ({ page }) => {
    await page.clock.install();
    await signUp(page, { displayName: 'Alan Turing', firstTimeline: false });
    const step2 = page.getByRole('dialog', { name: 'Create Your First Timeline' });
    await expect(step2).toBeVisible();
    await expect(step2.getByText('Step 2 of 2')).toBeVisible();
    await expect(step2.getByRole('button', { name: 'Skip for Now' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/desktop-first-timeline.png' });
    // Back shows step 1 with the name from sign-up.
    await step2.getByRole('button', { name: 'Back' }).click();
    const setup = page.getByRole('dialog', { name: 'Set Up Your Profile' });
    await expect(setup.getByRole('textbox', { name: 'Display Name' })).toHaveValue('Alan Turing');
    await setup.getByRole('button', { name: 'Continue to Timeline' }).click();

    await createFirstTimeline(page, 'Turing Family');
    await expect(page.getByRole('alert').filter({ hasText: 'Timeline Created!' })).toContainText('Your Turing Family timeline has been created successfully.');
    await expect(page.getByRole('button', { name: /Active timeline: Turing Family/ })).toBeVisible();
    const timelines = (await (await page.request.get('/api/timelines')).json()) as Array<Record<string, unknown>>;
    expect(timelines).toEqual([expect.objectContaining({ name: 'Turing Family', isDefault: true })]);
    expect(await stored(page, 'profile-setup-shown')).toBe('true');

    // Setup does not come back once there is a timeline.
    await page.reload();
    await expect(page.getByRole('button', { name: /Active timeline: Turing Family/ })).toBeVisible();
    await expectNoOnboardingWithin(page, 1_000);
  });
});

test.describe('Onboarding at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('after the first timeline the install screen follows, and "I\'ll do it later" marks it shown', async ({ page }) => {
    await page.clock.install();
    await signUpWithoutName(page);
    const setup = page.getByRole('dialog', { name: 'Set Up Your Profile' });
    await setup.getByRole('textbox', { name: 'Display Name' }).fill('Grace Hopper');
    await setup.getByRole('button', { name: 'Continue to Timeline' }).click();
    const step2 = page.getByRole('dialog', { name: 'Create Your First Timeline' });
    await step2.getByRole('textbox', { name: 'Timeline Name' }).fill('Our Family');
    await step2.getByRole('button', { name: 'Create Timeline' }).click();

    const install = page.getByRole('dialog', { name: 'Add It to Your Home Screen' });
    await expect(install).toBeVisible();
    await expect(install).toContainText('website, not an app');
    await expect(install.getByRole('listitem').first()).toBeVisible();
    await expect(install.getByRole('button', { name: "I've added it to my home screen" })).toBeVisible();
    expect(await seriousViolations(page, '.mantine-Modal-content')).toEqual([]);
    await page.screenshot({ path: 'test-results/screens/phone-install.png' });

    await install.getByRole('button', { name: "I'll do it later" }).click();
    await expect(install).toBeHidden();
    expect(await stored(page, 'pwa-install-shown-mobile')).toBe('true');
    await page.reload();
    await expect(page.getByRole('button', { name: /Active timeline: Our Family/ })).toBeVisible();
    await expectNoOnboardingWithin(page, 1_000);
  });

  test('a returning phone user with a timeline is offered the browser\'s own install prompt when there is one', async ({ page }) => {
    await signUp(page, { firstTimeline: false });
    const created = await page.request.post('/api/timelines', { data: { name: 'The Lovelaces', color: '#3b82f6' } });
    expect(created.ok()).toBe(true);
    await page.evaluate(() => localStorage.setItem('profile-setup-shown', 'true'));
    await page.reload();

    const install = page.getByRole('dialog', { name: 'Add It to Your Home Screen' });
    await expect(install).toBeVisible();
    await expect(install.getByRole('button', { name: "I've added it to my home screen" })).toBeVisible();
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
    await install.getByRole('button', { name: 'Add to Home Screen' }).click();
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

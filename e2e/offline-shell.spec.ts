// Issue 26 "Offline" and "Installed": the installed app opens with no connection and shows what
// this device last saw, says plainly that it is offline, carries the family's name, and offers
// a new version when one waits. The one spec that lets the service worker run (playwright.config.ts
// blocks it for the others: page.route cannot see what a worker answers).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { messages } from '../common/messages';
import { defaultWebRoot } from '../server/paths';
import { phone, shoot, signedInWithTimeline } from './helpers';
import { createMemory, png } from './memory-fixtures';

test.use({ serviceWorkers: 'allow', viewport: phone });

/** Waits until the service worker (registered while idle after load) controls the page. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

async function aMemoryWithAPhoto(page: Page) {
  const [timeline] = (await (await page.request.get('/api/timelines')).json()) as { id: string }[];
  return createMemory(page.request, timeline!.id, { title: 'Picnic by the river' }, [await png('#2f9e44')]);
}

/** The spotlight's memory, revealed: the card with its title and photo. */
async function revealSpotlight(page: Page) {
  await page.getByRole('button', { name: messages.homeSpotlightReveal }).click();
  return page.getByRole('region', { name: messages.homeSpotlightTitle }).getByRole('article');
}

test('opened with no connection, home shows the memory this device last saw and says it is offline', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signedInWithTimeline(page);
  const memory = await aMemoryWithAPhoto(page);
  // One visit: the worker installs while idle and keeps what home showed (its answers, the photo).
  await page.reload();
  await controlled(page);
  const card = await revealSpotlight(page);
  await expect(card).toHaveAccessibleName('Picnic by the river');
  await expect(card.getByRole('img', { name: messages.cardPhotoFrom('Picnic by the river') })).toHaveJSProperty('complete', true);
  await expect(page.getByText(messages.offlineLine)).toHaveCount(0);

  // Renamed on the server after the device last saw it: what shows offline can only be the kept copy.
  const renamed = await page.request.patch(`/api/memories/${memory.id}`, {
    data: { title: 'Renamed while away', content: memory.content, transcription: memory.transcription, tags: memory.tags },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);

  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: messages.offlineLine })).toBeVisible();
  const offlineCard = await revealSpotlight(page);
  await expect(offlineCard).toHaveAccessibleName('Picnic by the river');
  // The last-seen photo shows too (a broken image has no natural width).
  const photo = offlineCard.getByRole('img', { name: messages.cardPhotoFrom('Picnic by the river') });
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  // The line sits above the page, clear of the bottom navigation.
  const line = await page.getByRole('status').filter({ hasText: messages.offlineLine }).boundingBox();
  const nav = await page.locator('footer').boundingBox();
  expect(line!.y + line!.height).toBeLessThanOrEqual(nav!.y);
  await shoot(page, 'offline-home');

  // A fresh open of the app, as from the home screen, with no connection.
  const fresh = await context.newPage();
  await fresh.goto('/');
  await expect(fresh.getByRole('button', { name: messages.shellOpenMenu })).toBeVisible();
  await expect(fresh.getByText(messages.offlineLine)).toBeVisible();
  await expect(await revealSpotlight(fresh)).toHaveAccessibleName('Picnic by the river');

  // Back online: the line goes, and the app shows the server's answer again.
  await context.setOffline(false);
  await expect(fresh.getByText(messages.offlineLine)).toHaveCount(0);
  await fresh.reload();
  await expect(await revealSpotlight(fresh)).toHaveAccessibleName('Renamed while away');
});

test('a page never seen on this device says calmly that it is not available offline', async ({ page, context }) => {
  test.setTimeout(60_000);
  await signedInWithTimeline(page);
  await controlled(page);
  await context.setOffline(true);
  await page.goto('/books');
  await expect(page.getByText(messages.offlineLine)).toBeVisible();
  await expect(page.getByText(messages.offlineNotAvailable).first()).toBeVisible();
  await shoot(page, 'offline-not-seen');
});

test('Sign Out with no connection says the person is still signed in and stays; back online it signs out', async ({ page, context }) => {
  test.setTimeout(60_000);
  await signedInWithTimeline(page);
  await controlled(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: messages.shellOpenMenu }).click();
  await page.getByRole('link', { name: messages.menuSignOut }).click();
  await expect(page.getByText(messages.signOutOffline)).toBeVisible();
  // Still the app, not the browser's error page for /api/logout.
  expect(new URL(page.url()).pathname).toBe('/');
  await shoot(page, 'offline-sign-out');

  await context.setOffline(false);
  await expect(page.getByText(messages.offlineLine)).toHaveCount(0);
  // The word sits over the foot of the menu until it goes: closed, as a person would.
  await page.getByRole('button', { name: messages.closeNotification }).click();
  await page.getByRole('link', { name: messages.menuSignOut }).click();
  await expect(page.getByRole('link', { name: messages.signInToStart })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('Chromium finds the app installable with its worker in charge, so the install screen gets its prompt', async ({ page, context }) => {
  await signedInWithTimeline(page);
  await controlled(page);
  // What Chromium checks before it fires beforeinstallprompt (onboarding/installPrompt.ts): the
  // manifest, its icons, a secure origin, a worker in charge. Playwright's contexts are incognito
  // ones, where Chromium never offers to install: that one reason is theirs, not the app's.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
});

test('the manifest carries the family’s name once signed in, and Heirloom before', async ({ page }) => {
  expect(await (await page.request.get('/manifest.webmanifest')).json()).toMatchObject({ name: 'Heirloom', short_name: 'Heirloom' });
  await signedInWithTimeline(page, { displayName: 'Rose Hill' });
  // The first invite makes the family, named for the person (DESIGN "Families").
  expect((await page.request.post('/api/invites', { data: {} })).status()).toBe(201);
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.headers()['cache-control']).toBe('private, no-cache');
  expect(await manifest.json()).toMatchObject({ name: 'Rose Hill Family · Heirloom', short_name: 'Heirloom', display: 'standalone', start_url: '/' });
});

test('a new version waiting is offered, and "Use it now" reloads onto it', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInWithTimeline(page);
  await controlled(page);
  await expect(page.getByText(messages.updateReady)).toHaveCount(0);
  const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

  // A new build: the same worker with other bytes, served by the real server from the build folder.
  const worker = join(process.env.WEB_ROOT ? resolve(process.env.WEB_ROOT) : defaultWebRoot, 'sw.js');
  const built = readFileSync(worker, 'utf8');
  try {
    writeFileSync(worker, `${built}\n// a new version ${Date.now()}\n`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration!.update()));
    const notice = page.getByRole('status').filter({ hasText: messages.updateReady });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await shoot(page, 'update-ready');
    await page.evaluate(() => ((window as unknown as { beforeUpdate?: boolean }).beforeUpdate = true));
    await notice.getByRole('button', { name: messages.updateUseNow }).click();
    // The page reloaded (what it held is gone) onto the new worker, and nothing waits any more.
    await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate && navigator.serviceWorker.controller !== null);
    await expect(page.getByRole('button', { name: messages.shellOpenMenu })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration!.waiting === null))).toBe(true);
    expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(first);
    await expect(page.getByText(messages.updateReady)).toHaveCount(0);
  } finally {
    writeFileSync(worker, built);
  }
});

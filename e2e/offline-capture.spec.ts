// Issue 26 "she presses save, and it gets there", at phone size against the real server: a
// memory with a photo and a voice captured with no connection waits on the phone as "Waiting to
// send" on home and on its timeline, survives a reload with no connection (the service worker
// keeps the app), and is sent by itself when the connection returns; the timeline's other
// member then sees it with its photo and its voice. A send from the outbox whose answer is cut
// off half way (the server made the memory; the page never heard) goes again with the same key,
// and there is exactly one memory.
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Memory, MemoryPage } from '../common/memories';
import { messages } from '../common/messages';
import { expectToast, openWizard, phone, seenTooltips, shoot, signUp, timelineWithMember } from './helpers';

test.use({ viewport: phone });

/** Onboarding's 'Add It to Your Home Screen' offer (shown once at phone size) counts as seen. */
const installOfferSeen = () => localStorage.setItem('pwa-install-shown-mobile', 'true');

/** Rose signed up, with a timeline Grace (another browser) is a member of. */
async function roseAndGrace(page: Page, browser: Browser) {
  await page.addInitScript(seenTooltips);
  await page.addInitScript(installOfferSeen);
  await signUp(page, { firstTimeline: false, displayName: 'Rose Lovelace' });
  const grace = await browser.newContext({ viewport: phone });
  const { timelineId } = await timelineWithMember(page, grace.request);
  await page.reload();
  await expect(page.getByRole('button', { name: messages.shellOpenMenu })).toBeVisible();
  return { grace, timelineId };
}

/** A small PNG drawn by the browser itself. */
async function photo(page: Page) {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#e67e22';
    context.fillRect(0, 0, 64, 48);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return { name: 'train.png', mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

/** Through the wizard to Save: no follow-up question, the timeline ticked, shared with it. */
async function saveThroughWizard(page: Page, wizard: ReturnType<Page['getByRole']>) {
  await wizard.getByRole('button', { name: messages.next }).click();
  await wizard.getByRole('button', { name: messages.no }).click();
  await expect(wizard.getByRole('checkbox', { name: 'Lovelace Family' })).toBeChecked();
  await wizard.getByRole('button', { name: messages.continue }).click();
  await wizard.getByRole('button', { name: messages.captureSaveMemory }).click();
  await expectToast(page, messages.memoryKept, messages.memoryKeptDetail);
  await expect(wizard).toBeHidden();
}

const waitingList = (page: Page) => page.getByRole('region', { name: messages.memoriesWaitingTitle });

/** What Grace finds on the timeline, through the API. */
async function graceFinds(grace: import('@playwright/test').BrowserContext, timelineId: string, title: string): Promise<Memory[]> {
  const response = await grace.request.get(`/api/timelines/${timelineId}/memories?limit=50`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as MemoryPage).memories.filter((memory) => memory.title === title);
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a memory with a photo and a voice captured offline waits on home and the timeline, survives a reload, and is sent by itself when the connection returns', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const { grace, timelineId } = await roseAndGrace(page, browser);
    // The worker has taken the page: the app and its last answers are kept for a reload offline.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    // One visit with the worker in charge keeps the signed-in page's answers (who she is, her timelines).
    await page.reload();
    await expect(page.getByRole('button', { name: messages.shellOpenMenu })).toBeVisible();
    // The timeline page is seen once online, as she would have before the train left.
    await page.getByRole('navigation', { name: messages.shellMainNavigation }).getByRole('link', { name: messages.timeline }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lovelace Family' })).toBeVisible();
    await page.getByRole('navigation', { name: messages.shellMainNavigation }).getByRole('link', { name: messages.shellHome }).click();
    const picture = await photo(page);

    await page.context().setOffline(true);
    const title = 'The train to Brighton';
    const wizard = await openWizard(page);
    await wizard.getByLabel(messages.captureTitleLabel).fill(title);
    await wizard.getByLabel(messages.captureChoosePhotos, { exact: true }).setInputFiles([picture]);
    await wizard.getByRole('button', { name: messages.captureVoiceRecording }).click();
    const recorder = page.getByRole('dialog', { name: messages.voiceRecorderTitle });
    await expect(recorder.getByLabel(messages.voiceElapsed)).toHaveText('00:02', { timeout: 20_000 });
    await recorder.getByRole('button', { name: messages.stop }).click();
    await expect(recorder).toBeHidden();
    await expect(wizard.getByLabel(messages.captureYourVoiceRecording)).toBeVisible();
    await saveThroughWizard(page, wizard);

    // On home: waiting, with its photo and its voice.
    const home = waitingList(page);
    const item = home.getByRole('listitem', { name: title });
    await expect(item.getByText(messages.outboxWaiting)).toBeVisible();
    await expect(item.getByRole('img', { name: messages.memoryWaitingPhoto(title) })).toBeVisible();
    await expect(item.getByText(messages.memoryWaitingVoice)).toBeVisible();
    await shoot(page, 'offline-capture-home', home);

    // On its timeline's page too.
    await page.getByRole('navigation', { name: messages.shellMainNavigation }).getByRole('link', { name: messages.timeline }).click();
    await expect(waitingList(page).getByRole('listitem', { name: title }).getByText(messages.outboxWaiting)).toBeVisible();

    // A reload with no connection: still there, still waiting.
    await page.reload();
    await expect(waitingList(page).getByRole('listitem', { name: title }).getByText(messages.outboxWaiting)).toBeVisible({ timeout: 20_000 });
    // The timeline has no other memory: its "No memories yet" would contradict the one waiting.
    await expect(page.getByText(messages.noMemoriesYet)).toHaveCount(0);
    await shoot(page, 'offline-capture-timeline', waitingList(page));
    expect(await graceFinds(grace, timelineId, title)).toEqual([]);

    // The connection returns: it goes by itself, and she sees (and a screen reader hears) it went.
    await page.context().setOffline(false);
    await expect(waitingList(page)).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: messages.memoryWaitingSent(title) })).toHaveCount(1);
    // Shown once, where the card was; the live region beside it is for the ear only.
    await expect(page.getByText(messages.memoryWaitingSent(title)).and(page.locator('[aria-hidden="true"]'))).toBeVisible();
    await expect(page.getByText(title).first()).toBeVisible();

    // Grace, on her own phone, sees it with its photo, and its voice plays.
    const [memory, ...twice] = await graceFinds(grace, timelineId, title);
    expect(twice).toEqual([]);
    expect(memory!.images).toHaveLength(1);
    expect(memory!.audioUrl).toBeTruthy();
    const gracePage = await grace.newPage();
    await gracePage.addInitScript(seenTooltips);
    await gracePage.addInitScript(installOfferSeen);
    await gracePage.goto('/timeline');
    await expect(gracePage.getByText(title).first()).toBeVisible({ timeout: 15_000 });
    const audio = await grace.request.get(memory!.audioUrl!);
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toMatch(/^audio\//);
    expect((await audio.body()).length).toBeGreaterThan(100);
    await grace.close();
  });
});

test('a send from the outbox whose answer is cut off half way goes again with the same key, and makes one memory', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { grace, timelineId } = await roseAndGrace(page, browser);
  // The wizard's code is fetched as it first opens; with no service worker here, that is online.
  const wizard = await openWizard(page);
  await page.context().setOffline(true);
  const title = 'Sunday at the allotment';
  await wizard.getByLabel(messages.captureTitleLabel).fill(title);
  await wizard.getByLabel(messages.notesLabel).fill('Grandad grew marrows as big as a dog.');
  await saveThroughWizard(page, wizard);
  await expect(waitingList(page).getByRole('listitem', { name: title }).getByText(messages.outboxWaiting)).toBeVisible();

  // The first send reaches the server, which makes the memory; its answer never reaches the page.
  const keys: (string | null)[] = [];
  const statuses: number[] = [];
  await page.route('**/api/memories', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(await route.request().headerValue('idempotency-key'));
    const response = await route.fetch();
    statuses.push(response.status());
    if (keys.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response });
  });
  await page.context().setOffline(false);
  // The outbox waits 5 s after the lost answer, then sends again by itself.
  await expect(waitingList(page)).toHaveCount(0, { timeout: 30_000 });
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);
  expect(statuses).toEqual([201, 201]);
  expect(await graceFinds(grace, timelineId, title)).toHaveLength(1);
  await grace.close();
});

test("the wizard's code cut off on a weak signal is asked for again, and the wizard opens without a reload", async ({ page, browser }) => {
  const { grace } = await roseAndGrace(page, browser);
  // The first fetch of the wizard's chunk dies half way, as on a train; the next one arrives.
  let asked = 0;
  await page.route(/\/assets\/CaptureWizard-[^/]+\.js$/, (route) => (++asked === 1 ? route.abort('connectionreset') : route.fallback()));
  await openWizard(page);
  expect(asked).toBe(2);
  await grace.close();
});

test("offline, with a timeline whose members this phone never read, the sharing step says they cannot be listed, and the memory goes to everyone on the timelines", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { grace, timelineId } = await roseAndGrace(page, browser);
  // A second timeline, known to the app (its list is read on load) but whose members it never asked for.
  expect((await page.request.post('/api/timelines', { data: { name: 'Garden Club', color: '#16a34a' } })).status()).toBe(201);
  await page.reload();
  const wizard = await openWizard(page);
  await page.context().setOffline(true);
  const title = 'The first sweet peas';
  await wizard.getByLabel(messages.captureTitleLabel).fill(title);
  await wizard.getByLabel(messages.notesLabel).fill('Pink ones, along the fence.');
  await wizard.getByRole('button', { name: messages.next }).click();
  await wizard.getByRole('button', { name: messages.no }).click();
  await wizard.getByRole('checkbox', { name: 'Garden Club' }).check();
  await wizard.getByRole('button', { name: messages.continue }).click();

  // Not "No one else is on the chosen timelines yet": Grace is there, the phone cannot say so.
  await expect(wizard.getByText(messages.sharingMembersUnavailable)).toBeVisible();
  await expect(wizard.getByText(messages.sharingNobodyElseYet)).toHaveCount(0);
  await expect(wizard.getByText(messages.sharingSelectiveAloneDescription)).toHaveCount(0);
  await expect(wizard.getByRole('status').filter({ hasText: messages.audienceTimeline(['Lovelace Family', 'Garden Club']) })).toBeVisible();
  await shoot(page, 'offline-sharing-unlisted');
  await wizard.getByRole('button', { name: messages.captureSaveMemory }).click();
  await expectToast(page, messages.memoryKept, messages.memoryKeptDetail);

  await page.context().setOffline(false);
  await expect(waitingList(page)).toHaveCount(0, { timeout: 30_000 });
  const [found] = await graceFinds(grace, timelineId, title);
  expect(found?.audience).toBe('timeline');
  await grace.close();
});

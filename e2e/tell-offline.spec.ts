// Issue 26 "she presses save, and it gets there", on the storyteller's page at phone size
// against the real server: a story recorded on her link with no connection waits on the phone,
// survives a reload with no connection (the service worker keeps the page), and reaches the
// family when the connection returns, with no tap after Send. A send whose answer is cut off
// half way (the server files it; the page never hears) waits and goes again with the same key:
// one story.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { MemoryPage } from '../common/memories';
import type { Question } from '../common/storytellers';
import { messages } from '../common/messages';
import { tellMessages } from '../common/tell-messages';
import { desktop, PASSWORD, phone, seriousViolations, uniqueEmail } from './helpers';

interface Family {
  member: APIRequestContext;
  timelineId: string;
  storytellerId: string;
  link: string;
}

/** A member with a timeline, their storyteller "Grandma Rose" asked a question, all through the API. */
async function familyAsking(browser: Browser, question: string): Promise<Family> {
  const member = (await browser.newContext()).request;
  const registered = await member.post('/api/auth/register', { data: { email: uniqueEmail('grandson'), password: PASSWORD, displayName: 'Sam Rose' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const timeline = await member.post('/api/timelines', { data: { name: 'The Rose Family', color: '#f59e0b' } });
  expect(timeline.status(), await timeline.text()).toBe(201);
  const timelineId = ((await timeline.json()) as { id: string }).id;
  const created = await member.post(`/api/timelines/${timelineId}/storytellers`, { data: { displayName: 'Grandma Rose' } });
  expect(created.status(), await created.text()).toBe(201);
  const asked = await member.post(`/api/timelines/${timelineId}/questions`, { data: { text: question } });
  expect(asked.status(), await asked.text()).toBe(201);
  const { id: storytellerId, link } = (await created.json()) as { id: string; link: string };
  return { member, timelineId, storytellerId, link: new URL(link).pathname };
}

/** The family's view of the timeline: what reached them. */
async function familySees(family: Family) {
  const response = await family.member.get(`/api/timelines/${family.timelineId}/memories?limit=50`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as MemoryPage).memories;
}

/** Her own browser at phone size (no cookie, the fake microphone), counting her taps. */
async function storytellerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: phone })).newPage();
  await page.addInitScript(() => {
    const counter = { taps: 0 };
    (window as unknown as { __taps: typeof counter }).__taps = counter;
    document.addEventListener('click', (event) => event.isTrusted && event.detail > 0 && (counter.taps += 1), true);
  });
  return page;
}

const tapsOn = (page: Page) => page.evaluate(() => (window as unknown as { __taps: { taps: number } }).__taps.taps);

async function recordAnswer(page: Page) {
  await page.getByRole('button', { name: tellMessages.tellRecord }).click();
  await expect(page.getByRole('timer')).toHaveText('00:02', { timeout: 10_000 });
  await page.getByRole('button', { name: tellMessages.tellStop }).click();
  await expect(page.getByRole('heading', { name: tellMessages.tellReviewHeading })).toBeFocused();
}

const waitingList = (page: Page) => page.getByRole('region', { name: tellMessages.tellWaitingHeading });

/** She answers the family's question by voice and presses Send with no connection: the story is kept on her phone. */
async function answeredOffline(browser: Browser, question: string): Promise<{ family: Family; page: Page }> {
  const family = await familyAsking(browser, question);
  const page = await storytellerPage(browser);
  await page.goto(family.link);
  await recordAnswer(page);
  await page.context().setOffline(true);
  await page.getByRole('button', { name: tellMessages.tellSend }).click();
  await expect(page.getByRole('heading', { name: tellMessages.tellKeptHeading })).toBeFocused();
  return { family, page };
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a story told offline waits, survives a reload with no connection, and reaches the family when it returns, with no tap', async ({ browser }) => {
    test.setTimeout(120_000);
    const question = 'What was your first job?';
    const family = await familyAsking(browser, question);
    const page = await storytellerPage(browser);
    await page.goto(family.link);
    await expect(page.getByRole('heading', { level: 1, name: question })).toBeFocused();
    // The worker has taken the page: tell.html and its scripts are kept for a reload with no connection.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

    await recordAnswer(page);
    await page.context().setOffline(true);
    await page.getByRole('button', { name: tellMessages.tellSend }).click();
    await expect(page.getByRole('heading', { name: tellMessages.tellKeptHeading })).toBeFocused();
    await expect(page.getByText(tellMessages.tellKeptBody)).toBeVisible();
    await expect(waitingList(page).getByRole('listitem')).toHaveText([`${question}${tellMessages.tellWaitingToSend}`]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('tell-offline-kept.png'), fullPage: true });
    expect(await familySees(family)).toEqual([]);

    await page.reload();
    await expect(page.getByRole('heading', { name: tellMessages.tellOfflineHeading })).toBeFocused();
    await expect(page.getByText(tellMessages.tellOfflineBody)).toBeVisible();
    await expect(waitingList(page).getByRole('listitem')).toHaveText([`${question}${tellMessages.tellWaitingToSend}`]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('tell-offline-reloaded.png'), fullPage: true });
    expect(await familySees(family)).toEqual([]);

    // The connection returns; she does nothing.
    await page.context().setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: tellMessages.tellWaitingSent(question) })).toBeVisible({ timeout: 20_000 });
    await expect(waitingList(page)).toBeHidden();
    // The page opened by itself once the connection came, read again once the story went: the
    // question it answered is done, so the day's prompt is next, and the story is among hers.
    await expect(page.getByText(tellMessages.tellPromptLead)).toBeVisible();
    await expect(page.getByRole('region', { name: tellMessages.tellYourStories }).getByRole('listitem')).toHaveText([new RegExp(`^${question.replace('?', '\\?')}`)]);
    await page.screenshot({ path: test.info().outputPath('tell-offline-sent.png'), fullPage: true });
    await page.setViewportSize(desktop);
    await page.screenshot({ path: test.info().outputPath('tell-offline-sent-desktop.png'), fullPage: true });
    // Counted since the reload: Record, Stop and Send were her last taps.
    expect(await tapsOn(page)).toBe(0);

    const stories = await familySees(family);
    expect(stories.map((story) => story.title)).toEqual([question]);
    expect(stories[0]!.creator.displayName).toBe('Grandma Rose');
    expect(stories[0]!.audioUrl).not.toBeNull();
    const questions = (await (await family.member.get(`/api/timelines/${family.timelineId}/questions`)).json()) as Question[];
    expect(questions.map((asked) => asked.answeredMemoryId)).toEqual([stories[0]!.id]);
  });
});

test('a send cut off half way waits and goes again by itself with the same key: one story', async ({ browser }) => {
  test.setTimeout(90_000);
  const question = 'Where did you grow up?';
  const family = await familyAsking(browser, question);
  const page = await storytellerPage(browser);
  await page.goto(family.link);
  await recordAnswer(page);

  // The first send reaches the server, which files it; its answer never reaches the page.
  const keys: (string | null)[] = [];
  const statuses: number[] = [];
  await page.route('**/api/tell/*/memories', async (route) => {
    keys.push(await route.request().headerValue('idempotency-key'));
    const response = await route.fetch();
    statuses.push(response.status());
    if (keys.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response });
  });
  await page.getByRole('button', { name: tellMessages.tellSend }).click();
  // Kept, and sent again by the outbox straight away (online): the "kept" screen may last only
  // a moment, and once the story has gone the screen thanks her, never "kept" beside "Sent".
  await expect(page.getByRole('status').filter({ hasText: tellMessages.tellWaitingSent(question) })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: tellMessages.tellThanksHeading })).toBeFocused();
  await expect(page.getByText(tellMessages.tellKeptBody)).toBeHidden();
  expect(await tapsOn(page)).toBe(3);

  expect(statuses).toEqual([201, 201]);
  expect(keys[0]).toMatch(/^[\x20-\x7e]{1,200}$/);
  expect(keys[1]).toBe(keys[0]);
  expect((await familySees(family)).map((story) => story.title)).toEqual([question]);
});

test('a waiting story whose link was stopped meanwhile says so in the server words, with how it still goes; Remove, asked first, forgets it', async ({ browser }) => {
  test.setTimeout(90_000);
  const { family, page } = await answeredOffline(browser, 'Who taught you to swim?');

  expect((await family.member.delete(`/api/storytellers/${family.storytellerId}/link`)).status()).toBe(204);
  await page.context().setOffline(false);
  const story = waitingList(page).getByRole('listitem');
  await expect(story).toContainText(`${tellMessages.tellWaitingNotSent} ${messages.tellLinkNotFound} ${tellMessages.tellWaitingNewLink}`, { timeout: 20_000 });
  // No retry mends a stopped link: no Try again to press in vain.
  await expect(story.getByRole('button', { name: tellMessages.tellTryAgain })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('tell-offline-refused.png'), fullPage: true });

  await story.getByRole('button', { name: tellMessages.tellWaitingRemove }).click();
  await expect(story.getByRole('alert')).toHaveText(tellMessages.tellWaitingRemoveAsk);
  await page.screenshot({ path: test.info().outputPath('tell-offline-remove-asked.png'), fullPage: true });
  await story.getByRole('button', { name: tellMessages.tellWaitingRemoveYes }).click();
  await expect(waitingList(page)).toBeHidden();
  expect(await familySees(family)).toEqual([]);
});

test('the family replaces a link while her story waits on it: the new link, opened on the same phone, sends the story', async ({ browser }) => {
  test.setTimeout(90_000);
  const question = 'What games did you play as a girl?';
  const { family, page } = await answeredOffline(browser, question);

  // The family makes her a new link (the old one dies with it) and sends it; she comes back online.
  const renewed = await family.member.post(`/api/storytellers/${family.storytellerId}/link`);
  expect(renewed.status(), await renewed.text()).toBe(200);
  const newLink = new URL(((await renewed.json()) as { link: string }).link).pathname;
  await page.context().setOffline(false);
  await expect(waitingList(page).getByRole('listitem')).toContainText(tellMessages.tellWaitingNewLink, { timeout: 20_000 });
  expect(await familySees(family)).toEqual([]);

  // She opens the new link, as she was told, on the same phone: the story goes, with no tap.
  await page.goto(newLink);
  await expect(page.getByRole('status').filter({ hasText: tellMessages.tellWaitingSent(question) })).toBeVisible({ timeout: 20_000 });
  await expect(waitingList(page)).toBeHidden();
  const stories = await familySees(family);
  expect(stories.map((story) => story.title)).toEqual([question]);
  expect(stories[0]!.audioUrl).not.toBeNull();
});

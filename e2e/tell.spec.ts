// Issue 23 "The storyteller's side", at phone size against the real server: a member adds
// "Grandma Rose" through the API and asks her a question; she opens her link in a browser of
// her own (no cookie, the fake microphone), and Record, Stop, Send (three taps, counted) puts
// her story on the timeline, titled by the question, with her voice. A tab closed mid-recording
// gives the recording back; a refused send is sent again as one story; a dead link is said kindly.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Memory, MemoryPage } from '../common/memories';
import type { Question } from '../common/storytellers';
import { tellMessages } from '../common/tell-messages';
import { oneOfTexts, PASSWORD, seriousViolations, uniqueEmail } from './helpers';
import { png } from './memory-fixtures';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
/** Issue 23: the page's first load, at most 100 KB of JavaScript (bench/tell-page.ts counts it gzip; here, as sent). */
const JS_BUDGET_BYTES = 100 * 1000;

interface Family {
  member: APIRequestContext;
  timelineId: string;
  storytellerId: string;
  link: string;
}

/** A member with a timeline, their storyteller "Grandma Rose" and her link, all through the API. */
async function familyWithStoryteller(browser: Browser, timelineName = 'The Rose Family'): Promise<Family> {
  const context = await browser.newContext();
  const member = context.request;
  const registered = await member.post('/api/auth/register', { data: { email: uniqueEmail('grandson'), password: PASSWORD, displayName: 'Sam Rose' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const timeline = await member.post('/api/timelines', { data: { name: timelineName, color: '#f59e0b' } });
  expect(timeline.status(), await timeline.text()).toBe(201);
  const timelineId = ((await timeline.json()) as { id: string }).id;
  const created = await member.post(`/api/timelines/${timelineId}/storytellers`, { data: { displayName: 'Grandma Rose' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id: storytellerId, link } = (await created.json()) as { id: string; link: string };
  return { member, timelineId, storytellerId, link: new URL(link).pathname };
}

async function ask(family: Family, text: string): Promise<void> {
  const asked = await family.member.post(`/api/timelines/${family.timelineId}/questions`, { data: { text } });
  expect(asked.status(), await asked.text()).toBe(201);
}

async function timelineMemories(family: Family): Promise<Memory[]> {
  const response = await family.member.get(`/api/timelines/${family.timelineId}/memories?limit=50`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as MemoryPage).memories;
}

/** The storyteller's own browser: no cookie, phone size, the fake microphone (playwright.config.ts). */
async function storytellerPage(browser: Browser, viewport = phone): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  // Every tap or click the person makes (a pointer's: a key's Enter is a click of detail 0), counted in the page.
  await page.addInitScript(() => {
    const counter = { taps: 0 };
    (window as unknown as { __taps: typeof counter }).__taps = counter;
    document.addEventListener('click', (event) => event.isTrusted && event.detail > 0 && (counter.taps += 1), true);
  });
  return page;
}

const tapsOn = (page: Page) => page.evaluate(() => (window as unknown as { __taps: { taps: number } }).__taps.taps);

/** Chunks of the recording under way kept in the page's IndexedDB (web/src/tell/tellDraftStore.ts). */
const keptChunks = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('heirloom-tell');
        open.onsuccess = () => {
          const count = open.result.transaction('chunks').objectStore('chunks').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
        open.onerror = () => resolve(0);
      }),
  );

async function recordFor(page: Page, shown: string) {
  await page.getByRole('button', { name: tellMessages.tellRecord }).click();
  await expect(page.getByRole('heading', { name: tellMessages.tellRecordingHeading })).toBeFocused();
  await expect(page.getByRole('timer')).toHaveText(shown, { timeout: 10_000 });
}

test('Record, Stop, Send: three taps put her answer on the timeline, titled by the question, with her voice', async ({ browser }) => {
  test.setTimeout(90_000);
  const family = await familyWithStoryteller(browser);
  await ask(family, 'What was your first job?');
  const page = await storytellerPage(browser);
  const scripts: { url: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), bytes: Number((await response.headerValue('content-length')) ?? (await response.body()).length) });
  });

  await page.goto(family.link);
  await expect(page.getByRole('heading', { level: 1, name: 'What was your first job?' })).toBeFocused();
  await expect(page.getByText(tellMessages.tellGreeting('Grandma Rose'))).toBeVisible();
  await expect(page.getByText('The Rose Family')).toBeVisible();
  await expect(page.getByText(tellMessages.tellAskedBy('Sam Rose'))).toBeVisible();
  const context = page.context();
  expect(await context.cookies()).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('tell-phone-question.png'), fullPage: true });

  // Issue 23: the first load's JavaScript within 100 KB as sent (brotli here; gzip in bench/tell-page.ts).
  await page.waitForLoadState('networkidle');
  const sent = scripts.reduce((sum, script) => sum + script.bytes, 0);
  expect(sent, JSON.stringify(scripts)).toBeLessThanOrEqual(JS_BUDGET_BYTES);

  // Targets of 56 px, text of 18 px at least (issue 23).
  const record = page.getByRole('button', { name: tellMessages.tellRecord });
  expect((await record.boundingBox())!.height).toBeGreaterThanOrEqual(56);
  expect(await record.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(18);

  await recordFor(page, '00:02');
  await expect(page.getByRole('status')).toHaveText(tellMessages.tellRecordingStarted);
  await page.screenshot({ path: test.info().outputPath('tell-phone-recording.png'), fullPage: true });
  await page.getByRole('button', { name: tellMessages.tellStop }).click();
  await expect(page.getByRole('heading', { name: tellMessages.tellReviewHeading })).toBeFocused();
  await expect(page.getByRole('button', { name: tellMessages.tellListen })).toBeVisible();
  await expect(page.getByRole('button', { name: tellMessages.tellRecordAgain })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('tell-phone-review.png'), fullPage: true });

  const posted = page.waitForResponse((response) => response.url().endsWith('/memories') && response.request().method() === 'POST');
  await page.getByRole('button', { name: tellMessages.tellSend }).click();
  expect((await posted).status()).toBe(201);
  const { id } = (await (await posted).json()) as { id: string };
  await expect(page.getByRole('heading', { name: tellMessages.tellThanksHeading })).toBeFocused();
  await expect(page.getByText(tellMessages.tellThanksBody)).toBeVisible();
  expect(await tapsOn(page)).toBe(3);
  await page.screenshot({ path: test.info().outputPath('tell-phone-thanks.png'), fullPage: true });

  // The member hears it on the timeline: hers, titled by the question, her voice kept.
  const story = (await timelineMemories(family)).find((memory) => memory.id === id);
  expect(story, 'the story on the timeline').toBeDefined();
  expect(story!.title).toBe('What was your first job?');
  expect(story!.creator.displayName).toBe('Grandma Rose');
  expect(story!.audioUrl).not.toBeNull();
  const questions = (await (await family.member.get(`/api/timelines/${family.timelineId}/questions`)).json()) as Question[];
  expect(questions.map((question) => question.answeredMemoryId)).toEqual([id]);
  expect(await keptChunks(page)).toBe(0);

  // No other question waits: "Tell another story", on the day's prompt.
  await expect(page.getByRole('button', { name: tellMessages.tellNextQuestion })).toHaveCount(0);
  await page.getByRole('button', { name: tellMessages.tellAnotherStory }).click();
  await expect(page.getByText(tellMessages.tellPromptLead)).toBeVisible();
  await expect(page.getByRole('button', { name: tellMessages.tellRecord })).toBeVisible();
  // Hers, by title: all the link reads of her stories.
  await expect(page.getByRole('region', { name: tellMessages.tellYourStories }).getByRole('listitem')).toHaveText([/^What was your first job\?/]);
  await page.screenshot({ path: test.info().outputPath('tell-phone-next-question.png'), fullPage: true });
});

test('a photo and a follow-up answered by voice go with the story, in the same send', async ({ browser }) => {
  test.setTimeout(90_000);
  const family = await familyWithStoryteller(browser);
  await ask(family, 'Tell us about your wedding day');
  const page = await storytellerPage(browser);
  await page.goto(family.link);
  await recordFor(page, '00:01');
  await page.getByRole('button', { name: tellMessages.tellStop }).click();
  await expect(page.getByRole('heading', { name: tellMessages.tellReviewHeading })).toBeFocused();

  await page.getByLabel(tellMessages.tellAddPhotos).setInputFiles({ name: 'wedding.png', mimeType: 'image/png', buffer: await png('#d4a373') });
  await expect(page.getByRole('img', { name: tellMessages.tellPhotoAlt(1) })).toBeVisible();
  await expect(page.getByRole('button', { name: tellMessages.tellRemovePhoto(1) })).toBeVisible();

  const followUp = page.getByRole('heading', { level: 2 });
  await expect(followUp).toBeVisible();
  const question = (await followUp.textContent())!;
  await page.getByRole('button', { name: tellMessages.tellFollowUpVoice }).click();
  await expect(page.getByRole('heading', { name: tellMessages.tellRecordingHeading })).toBeFocused();
  await expect(page.getByText(question)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText('00:01', { timeout: 10_000 });
  await page.getByRole('button', { name: tellMessages.tellStop }).click();
  await expect(page.getByText(tellMessages.tellFollowUpRecorded)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('tell-phone-photo-follow-up.png'), fullPage: true });

  const posted = page.waitForResponse((response) => response.url().endsWith('/memories') && response.request().method() === 'POST');
  await page.getByRole('button', { name: tellMessages.tellSend }).click();
  expect((await posted).status()).toBe(201);
  await expect(page.getByRole('heading', { name: tellMessages.tellThanksHeading })).toBeVisible();
  const [story] = await timelineMemories(family);
  expect(story!.title).toBe('Tell us about your wedding day');
  expect(story!.images).toHaveLength(1);
  expect(story!.audioUrl).not.toBeNull();
  expect(story!.followUpResponses).toHaveLength(1);
  expect(story!.followUpResponses[0]).toMatchObject({ question, answer: tellMessages.audioAnswerNoTranscription });
  expect(story!.followUpResponses[0]!.audioUrl).not.toBeNull();
});

test('a long story: its last 30 seconds are counted in sight and said once, and at 10 minutes it stops by itself and says so', async ({ browser }) => {
  test.setTimeout(90_000);
  const family = await familyWithStoryteller(browser);
  const page = await storytellerPage(browser);
  // A clock that runs at the normal pace until the test jumps it on by minutes.
  await page.clock.install();
  await page.goto(family.link);
  await recordFor(page, '00:01');
  const countdown = (from: number, to: number) =>
    oneOfTexts(Array.from({ length: to - from + 1 }, (_, second) => tellMessages.tellRecordingEndsIn(from + second)));
  const counted = page.getByText(countdown(0, 30));

  await page.clock.fastForward('09:20');
  await expect(page.getByRole('timer')).toHaveText(/^09:2\d$/);
  await expect(counted).toHaveCount(0);

  await page.clock.fastForward('00:15');
  await expect(page.getByRole('timer')).toHaveText(/^09:3\d$/);
  await expect(counted).toHaveText(countdown(15, 29));
  await expect(page.getByRole('status')).toHaveText(tellMessages.tellRecordingEndsSoon);

  await page.clock.fastForward('00:30');
  await expect(page.getByRole('heading', { name: tellMessages.tellReviewHeading })).toBeFocused();
  await expect(page.getByText(tellMessages.tellRecordingLimitReached(10))).toBeVisible();
  await expect(page.getByRole('button', { name: tellMessages.tellSend })).toBeEnabled();
});

test("larger text chosen in her browser makes the page's larger, and a long question still fits the phone's width", async ({ browser }) => {
  const family = await familyWithStoryteller(browser, 'The Rose-Fitzgerald-Montgomery Family');
  await ask(family, 'What do you remember about the neighbourhood where you grew up, and the people in it?');
  const page = await storytellerPage(browser);
  // Chromium's own text size setting (Settings › Appearance › Font size), 28 px where the usual is 16.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 28, fixed: 28 } });
  await page.goto(family.link);
  await expect(page.getByRole('button', { name: tellMessages.tellRecord })).toBeVisible();
  const layout = await page.evaluate(() => ({
    root: parseFloat(getComputedStyle(document.documentElement).fontSize),
    body: parseFloat(getComputedStyle(document.querySelector('.tell-screen p')!).fontSize),
    scrollWidth: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  // 125 % of her 28 px, as 20 px is of the usual 16.
  expect(layout.root).toBe(35);
  expect(layout.body).toBeGreaterThanOrEqual(35);
  expect(layout.scrollWidth).toBe(layout.width);
  await page.screenshot({ path: test.info().outputPath('tell-phone-larger-text.png'), fullPage: true });
});

test('a tab closed mid-recording gives the recording back, and Send puts it on the timeline', async ({ browser }) => {
  test.setTimeout(90_000);
  const family = await familyWithStoryteller(browser);
  await ask(family, 'Where did you grow up?');
  const page = await storytellerPage(browser);
  await page.goto(family.link);
  await recordFor(page, '00:03');
  await expect.poll(() => keptChunks(page)).toBeGreaterThanOrEqual(2);
  const context = page.context();
  await page.close();

  const again = await context.newPage();
  await again.goto(family.link);
  await expect(again.getByRole('heading', { name: tellMessages.tellRestored })).toBeFocused();
  await expect(again.getByRole('button', { name: tellMessages.tellListen })).toBeVisible();
  await again.screenshot({ path: test.info().outputPath('tell-phone-restored.png'), fullPage: true });
  // "Record again" would replace what she recorded: it asks first, and keeping it is where the keyboard lands.
  await again.getByRole('button', { name: tellMessages.tellRecordAgain }).click();
  await expect(again.getByRole('alert')).toHaveText(tellMessages.tellRecordAgainAsk);
  await expect(again.getByRole('button', { name: tellMessages.tellRecordAgainNo })).toBeFocused();
  await again.screenshot({ path: test.info().outputPath('tell-phone-record-again-asked.png'), fullPage: true });
  await again.keyboard.press('Enter');
  await expect(again.getByRole('alert')).toHaveCount(0);
  await expect(again.getByRole('button', { name: tellMessages.tellRecordAgain })).toBeVisible();
  await expect(again.getByRole('heading', { name: tellMessages.tellRecordingHeading })).toHaveCount(0);
  const posted = again.waitForResponse((response) => response.url().endsWith('/memories') && response.request().method() === 'POST');
  await again.getByRole('button', { name: tellMessages.tellSend }).click();
  expect((await posted).status()).toBe(201);
  await expect(again.getByRole('heading', { name: tellMessages.tellThanksHeading })).toBeVisible();
  const stories = await timelineMemories(family);
  expect(stories.map((memory) => memory.title)).toEqual(['Where did you grow up?']);
  expect(stories[0]!.audioUrl).not.toBeNull();
  expect(stories[0]!.audioDuration).toBeGreaterThanOrEqual(2);
});

test('a send refused keeps the story with "Send again", and the resend makes one story', async ({ browser }) => {
  test.setTimeout(90_000);
  const family = await familyWithStoryteller(browser);
  const page = await storytellerPage(browser);
  await page.goto(family.link);
  await recordFor(page, '00:01');
  await page.getByRole('button', { name: tellMessages.tellStop }).click();
  await expect(page.getByRole('heading', { name: tellMessages.tellReviewHeading })).toBeVisible();

  // The first send is refused (a lost answer or a 5xx waits instead: e2e/tell-offline.spec.ts).
  let refused = 0;
  await page.route('**/api/tell/*/memories', async (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    await route.fulfill({ status: 400, json: { message: 'Refused once' } });
  });
  await page.getByRole('button', { name: tellMessages.tellSend }).click();
  await expect(page.getByRole('alert')).toHaveText(tellMessages.tellSendFailed);
  await expect(page.getByRole('button', { name: tellMessages.tellListen })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('tell-phone-failed.png'), fullPage: true });
  const resent = page.waitForResponse((response) => response.url().endsWith('/memories') && response.request().method() === 'POST');
  await page.getByRole('button', { name: tellMessages.tellSendAgain }).click();
  expect((await resent).status()).toBe(201);
  await expect(page.getByRole('heading', { name: tellMessages.tellThanksHeading })).toBeVisible();
  expect(await timelineMemories(family)).toHaveLength(1);
});

test('a stopped link says so kindly, and typing is the way out of a refused microphone', async ({ browser }) => {
  const family = await familyWithStoryteller(browser);
  const page = await storytellerPage(browser);
  // The browser refuses the microphone (as a person pressing Block would).
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto(family.link);
  await page.getByRole('button', { name: tellMessages.tellRecord }).click();
  await expect(page.getByRole('heading', { name: tellMessages.tellNoMicrophoneHeading })).toBeFocused();
  await page.getByRole('button', { name: tellMessages.tellWriteInstead }).click();
  await page.getByRole('textbox', { name: tellMessages.tellWriteLabel }).fill('I grew up by the sea.');
  await expect(page.getByRole('button', { name: tellMessages.tellSend })).toBeEnabled();

  const stopped = await family.member.delete(`/api/storytellers/${family.storytellerId}/link`);
  expect(stopped.status()).toBe(204);
  await page.getByRole('button', { name: tellMessages.tellSend }).click();
  await expect(page.getByRole('heading', { name: tellMessages.tellGoneHeading })).toBeFocused();
  await expect(page.getByText(tellMessages.tellGoneBody)).toBeVisible();
  await expect(page.getByText(tellMessages.tellGoneKept)).toBeVisible();
  expect(await timelineMemories(family)).toHaveLength(0);

  await page.goto(family.link);
  await expect(page.getByRole('heading', { name: tellMessages.tellGoneHeading })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('tell-phone-gone.png'), fullPage: true });
});

test('desktop: the same one column, reached by keyboard alone', async ({ browser }) => {
  const family = await familyWithStoryteller(browser);
  await ask(family, 'Who taught you to cook?');
  const page = await storytellerPage(browser, desktop);
  await page.goto(family.link);
  await expect(page.getByRole('heading', { level: 1, name: 'Who taught you to cook?' })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('tell-desktop-question.png'), fullPage: true });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: tellMessages.tellRecord })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('timer')).toHaveText('00:01', { timeout: 10_000 });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: tellMessages.tellStop })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: tellMessages.tellReviewHeading })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('tell-desktop-review.png'), fullPage: true });
  expect(await tapsOn(page)).toBe(0);
});

// Issue 23 "Tests", the issue's own journey at phone size, through the screens alone (the API
// only makes the grandson's account and timeline): Sam adds "Grandma Rose" on Communities, asks
// her a question and copies her link; she opens it in a browser of her own (no cookie, the fake
// microphone), answers by voice with a photo in three taps and sends; Sam finds her story on the
// timeline with her name on it and hears it, the bell says she answered, the question reads
// Answered and opens it; he stops her link and her page, reloaded, says so kindly. Each screen of
// the way is also shot at phone and desktop size (the test's output folder, "shots").
import { expect, test } from '@playwright/test';
import { UNREAD_POLL_MS } from '../common/limits';
import { messages } from '../common/messages';
import { tellMessages } from '../common/tell-messages';
import { ANY_NUMBER, expectToast, phone, shoot, signedInWithTimeline, textPattern } from './helpers';
import { png } from './memory-fixtures';

const ROSE = 'Grandma Rose';
const FAMILY = 'The Rose Family';
const QUESTION = 'What was your wedding day like?';
/** HTMLMediaElement.HAVE_CURRENT_DATA: the element holds sound at its playing position. */
const HAVE_CURRENT_DATA = 2;

declare global {
  interface Window {
    /** Every media element the page asked to play (watchPlayback). */
    playedMedia: HTMLMediaElement[];
    /** The storyteller's taps, counted in her page (countTaps). */
    taps: number;
  }
}

/** An init script: remembers each media element the app plays, so the test asks the element itself. */
const watchPlayback = () => {
  window.playedMedia = [];
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!window.playedMedia.includes(this)) window.playedMedia.push(this);
    return play.call(this);
  };
};

/** An init script: every tap or click a person makes (a key's Enter is a click of detail 0, and is not one). */
const countTaps = () => {
  window.taps = 0;
  document.addEventListener('click', (event) => event.isTrusted && event.detail > 0 && (window.taps += 1), true);
};

test.use({ viewport: phone, isMobile: true, hasTouch: true, permissions: ['clipboard-read', 'clipboard-write'] });

test(`a grandson adds ${ROSE}, she answers his question by voice with a photo, and he hears it`, async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.addInitScript(watchPlayback);
  await signedInWithTimeline(page, { displayName: 'Sam Rose', timelineName: FAMILY });

  // Communities, from the menu: the page that adds storytellers, asks them and manages their links.
  await page.getByRole('button', { name: messages.shellOpenMenu }).click();
  await page.getByRole('link', { name: messages.menuCommunities }).click();
  await page.getByRole('button', { name: messages.addStoryteller }).click();
  const add = page.getByRole('dialog', { name: messages.addStorytellerTo(FAMILY) });
  await add.getByRole('textbox', { name: messages.storytellerNameLabel }).fill(ROSE);
  await add.getByRole('button', { name: messages.storytellerCreate }).click();

  const made = page.getByRole('dialog', { name: messages.storytellerAdded(ROSE) });
  await expect(made.getByRole('img', { name: messages.storytellerQrCode(ROSE) }).locator('svg')).toBeVisible();
  await made.getByRole('button', { name: messages.storytellerCopyLink }).click();
  await expect(made.getByRole('button', { name: messages.storytellerLinkCopied })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/tell\/[\w-]{43}$/);
  await shoot(page, 'family-storyteller-dialog');

  await made.getByRole('link', { name: messages.storytellerPrintCard }).click();
  await expect(page.getByRole('article', { name: messages.storytellerCardTitle(ROSE) }).getByRole('img', { name: messages.storytellerQrCode(ROSE) }).locator('svg')).toBeVisible();
  await shoot(page, 'family-printed-card');
  await page.getByRole('button', { name: messages.storytellerCardBack }).click();

  await page.getByRole('button', { name: messages.askQuestion }).click();
  const ask = page.getByRole('dialog', { name: messages.askQuestion });
  await ask.getByRole('textbox', { name: messages.questionTextLabel }).fill(QUESTION);
  await ask.getByRole('combobox', { name: messages.questionForLabel }).selectOption({ label: ROSE });
  await ask.getByRole('button', { name: messages.questionSend }).click();
  await expect(ask).toBeHidden();
  await expectToast(page, messages.questionAsked);
  const questions = page.getByRole('list', { name: messages.questionsOf(FAMILY) });
  const question = questions.getByRole('listitem').filter({ hasText: QUESTION });
  await expect(question.getByText(messages.questionWaiting)).toBeVisible();
  await shoot(page, 'family-questions-card', questions);

  // Her own browser: no cookie, phone size, the fake microphone (playwright.config.ts).
  const tell = await (await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true })).newPage();
  await tell.addInitScript(countTaps);
  await tell.goto(link);
  await expect(tell.getByRole('heading', { level: 1, name: QUESTION })).toBeFocused();
  await expect(tell.getByText(tellMessages.tellGreeting(ROSE))).toBeVisible();
  await expect(tell.getByText(tellMessages.tellAskedBy('Sam Rose'))).toBeVisible();
  await shoot(tell, 'tell-question');
  expect(await tell.evaluate(() => window.taps)).toBe(0);

  await tell.getByRole('button', { name: tellMessages.tellRecord }).tap();
  await expect(tell.getByRole('timer')).toHaveText('00:02', { timeout: 10_000 });
  await tell.getByRole('button', { name: tellMessages.tellStop }).tap();
  await expect(tell.getByRole('heading', { name: tellMessages.tellReviewHeading })).toBeFocused();

  // The photo is the one more tap the issue allows beside the three: counted on its own.
  const beforePhoto = await tell.evaluate(() => window.taps);
  const chooser = tell.waitForEvent('filechooser');
  await tell.getByLabel(tellMessages.tellAddPhotos).tap();
  await (await chooser).setFiles({ name: 'wedding.png', mimeType: 'image/png', buffer: await png('#d4a373') });
  await expect(tell.getByRole('img', { name: tellMessages.tellPhotoAlt(1) })).toBeVisible();
  const photoTaps = (await tell.evaluate(() => window.taps)) - beforePhoto;
  expect(photoTaps).toBe(1);
  await shoot(tell, 'tell-recorded');

  const posted = tell.waitForResponse((response) => response.url().endsWith('/memories') && response.request().method() === 'POST');
  await tell.getByRole('button', { name: tellMessages.tellSend }).tap();
  expect((await posted).status()).toBe(201);
  await expect(tell.getByRole('heading', { name: tellMessages.tellThanksHeading })).toBeFocused();
  await expect(tell.getByText(tellMessages.tellThanksBody)).toBeVisible();
  // Issue 23: from opening the link to a sent story in at most 3 taps (Record, Stop, Send); the
  // photo's one tap, counted above, also shows that the counter hears her taps.
  expect((await tell.evaluate(() => window.taps)) - photoTaps).toBeLessThanOrEqual(3);
  await shoot(tell, 'tell-thanks');

  // Back with Sam: her story on the timeline, with her name on it, and her voice plays.
  await page.getByRole('navigation', { name: messages.shellMainNavigation }).getByRole('link', { name: messages.timeline }).click();
  const entry = page.getByRole('main').getByRole('article', { name: QUESTION });
  await expect(entry.getByText(ROSE)).toBeVisible({ timeout: 15_000 });
  await entry.getByRole('button', { name: messages.timelineViewMemoryOf(QUESTION) }).click();
  const story = page.getByRole('dialog', { name: QUESTION });
  await expect(story.getByText(ROSE).first()).toBeVisible({ timeout: 30_000 });
  await expect(story.getByTestId('memory-image')).toHaveCount(1);
  await story.getByRole('button', { name: messages.hearYourVoice }).click();
  await expect.poll(() => page.evaluate(() => window.playedMedia.filter((media) => !media.paused && media.currentTime > 0).length)).toBe(1);
  const voice = await page.evaluate(() => ({ src: window.playedMedia[0]!.src, readyState: window.playedMedia[0]!.readyState }));
  expect(voice.readyState).toBeGreaterThanOrEqual(HAVE_CURRENT_DATA);
  const audio = await page.request.get(voice.src);
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toMatch(/^audio\//);
  expect((await audio.body()).length).toBeGreaterThan(1000);
  await story.getByRole('button', { name: messages.hearYourVoice }).click();
  await story.getByRole('button', { name: messages.detailClose }).click();
  await expect(story).toBeHidden();

  // The bell: she answered his question (and, as with any story, shared it with him). Its count
  // is polled (UNREAD_POLL_MS), and the list it brings is also what tells this page that the
  // timeline's questions changed.
  const bell = page.getByRole('banner').getByRole('button', { name: textPattern(messages.shellNotificationsUnread(ANY_NUMBER)) });
  await expect(bell).toBeVisible({ timeout: UNREAD_POLL_MS + 10_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: messages.notificationsTitle });
  await expect(panel.getByRole('listitem').filter({ hasText: messages.questionAnsweredTitle(ROSE) })).toContainText(QUESTION);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The question reads Answered and opens the same story.
  await page.getByRole('button', { name: messages.shellOpenMenu }).click();
  await page.getByRole('link', { name: messages.menuCommunities }).click();
  const answered = question.getByRole('button', { name: messages.questionOpenAnswer(QUESTION) });
  await expect(answered).toHaveText(messages.questionAnswered);
  await answered.click();
  await expect(story.getByText(ROSE).first()).toBeVisible({ timeout: 30_000 });
  await story.getByRole('button', { name: messages.detailClose }).click();
  await expect(story).toBeHidden();

  // He stops her link; her page, reloaded, says so kindly.
  const rose = page.getByRole('list', { name: messages.timelineMembersOf(FAMILY) }).getByRole('listitem').filter({ hasText: ROSE });
  await rose.getByRole('button', { name: messages.storytellerManageOf(ROSE) }).click();
  const manage = page.getByRole('dialog', { name: messages.storytellerManageOf(ROSE) });
  await manage.getByRole('button', { name: messages.storytellerStopLink }).click();
  await manage.getByRole('group', { name: messages.storytellerStopLinkTitle }).getByRole('button', { name: messages.storytellerStopLink }).click();
  await expect(manage.getByText(messages.storytellerNoLink)).toBeVisible();

  await tell.reload();
  await expect(tell.getByRole('heading', { name: tellMessages.tellGoneHeading })).toBeVisible();
  await expect(tell.getByText(tellMessages.tellGoneBody)).toBeVisible();
  await tell.context().close();
});

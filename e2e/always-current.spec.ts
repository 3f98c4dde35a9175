// Issue 20 "Always current": what the bell announces is on screen without a reload. Two people
// on one timeline in two browsers against the real server. B's page clock is Playwright's, so
// the 30 s unread-count poll is run on demand (page.clock.runFor), not waited for. And, "Caught
// where it happens": a voice comment's player shows its position and length and can be moved.
import { expect, test, type Page } from '@playwright/test';
import { expectToast, expectTouchTarget, seenTooltips, signUp } from './helpers';
import { createMemory, createTimeline, joinedMember } from './memory-fixtures';
import { messages } from '../common/messages';

const POLL_MS = 30_000;
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: new RegExp(`^${messages.notificationsTitle}`) });
/** A mark on the page's window: still there at the end means the page was never reloaded. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test.describe('Always current', () => {
  // Two people sign up, share, comment and record: far more than 30 s on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test("B's home shows the memory A shares and B's open memory shows A's comment once the bell's poll has run, with no reload", async ({ browser }) => {
    const a = await (await browser.newContext()).newPage();
    await a.addInitScript(seenTooltips);
    await signUp(a, { displayName: 'Ada Lovelace' });
    const timelineId = await createTimeline(a.request, 'Lovelace Family');
    const b = await joinedMember(browser, a, timelineId, 'Bea Bennett');
    await b.page.addInitScript(seenTooltips);
    await b.page.clock.install();
    await b.page.goto('/');
    await expect(b.page.getByText(messages.noMemoriesYet)).toBeVisible();
    await expect(bell(b.page)).toHaveAccessibleName(messages.notificationsTitle);
    await markPage(b.page);

    // A shares a new memory with B (the real API, as the wizard would send it).
    const memory = await createMemory(a.request, timelineId, { title: 'Harvest supper', sharedWith: [b.id] });

    // The poll brings the count, and home's spotlight asks again: the memory is there.
    await b.page.clock.runFor(POLL_MS);
    await expect(bell(b.page)).toHaveAccessibleName(messages.shellNotificationsUnread(1));
    const reveal = b.page.getByRole('button', { name: messages.homeSpotlightReveal });
    await expect(reveal).toBeVisible();
    await reveal.click();
    await expect(b.page.getByRole('article', { name: 'Harvest supper' })).toBeVisible();

    // B opens the notification and comments, so A's answer is news to B.
    await bell(b.page).click();
    const panel = b.page.getByRole('dialog', { name: messages.notificationsTitle });
    await panel.getByRole('button', { name: /Harvest supper/ }).click();
    const bDialog = b.page.getByRole('dialog', { name: 'Harvest supper' });
    await expect(bDialog.getByText(messages.commentsNone)).toBeVisible();
    await bDialog.getByLabel(messages.commentWriteLabel).fill('Who made the pie?');
    await bDialog.getByRole('button', { name: messages.send }).click();
    await expectToast(b.page, messages.commentToastAdded);
    await expect(bell(b.page)).toHaveAccessibleName(messages.notificationsTitle);

    // A answers through the UI.
    await a.goto(`/timeline?memoryId=${memory.id}`);
    const aDialog = a.getByRole('dialog', { name: 'Harvest supper' });
    await expect(aDialog.getByText('Who made the pie?')).toBeVisible({ timeout: 15_000 });
    await aDialog.getByLabel(messages.commentWriteLabel).fill('Grandma did, with our apples');
    await aDialog.getByRole('button', { name: messages.send }).click();
    await expectToast(a, messages.commentToastAdded);

    // B's memory, open all along, shows it after the poll; so does opening the notification.
    await b.page.clock.runFor(POLL_MS);
    await expect(bell(b.page)).toHaveAccessibleName(messages.shellNotificationsUnread(1));
    await expect(bDialog.getByText('Grandma did, with our apples')).toBeVisible();
    await b.page.keyboard.press('Escape');
    await expect(bDialog).toBeHidden();
    await bell(b.page).click();
    await panel.getByRole('button', { name: messages.commentAddedTitle }).first().click();
    await expect(bDialog.getByText('Grandma did, with our apples')).toBeVisible();
    expect(await stillSamePage(b.page)).toBe(true);
  });

  test("a voice comment's player shows position and length, and its slider moves by keyboard and pointer", async ({ page }) => {
    await page.addInitScript(seenTooltips);
    await signUp(page, { displayName: 'Ada Lovelace' });
    const timelineId = await createTimeline(page.request, 'Family');
    const memory = await createMemory(page.request, timelineId, { title: 'Apple picking' });
    await page.goto(`/timeline?memoryId=${memory.id}`);
    const dialog = page.getByRole('dialog', { name: 'Apple picking' });
    await dialog.getByRole('button', { name: messages.commentRecordVoice }).click();
    // Two seconds of the fake microphone, counted by the recorder itself.
    await expect(dialog.getByText(messages.commentRecordingElapsed('00:02'), { exact: true })).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole('button', { name: messages.commentStopAndSend }).click();
    await expectToast(page, messages.commentToastAdded);

    // A MediaRecorder WebM says its length is Infinity: the player learns it once played.
    await dialog.getByRole('button', { name: messages.commentPlayVoice('Ada Lovelace') }).click();
    const slider = dialog.getByRole('slider', { name: messages.voicePosition(messages.voiceWhatComment('Ada Lovelace')) });
    await expect(slider).toBeVisible();
    await expect(slider).toHaveAttribute('aria-valuetext', /^0:0\d of 0:0[2-4]$/);
    const length = (await slider.getAttribute('aria-valuetext'))!.split(' of ')[1]!;
    await expect(dialog.getByText(new RegExp(`^0:0\\d / ${length}$`))).toBeVisible();

    // Readable and easy to hit: a 44 px target, the time at 16 px.
    await expectTouchTarget(slider);
    const fontSize = await dialog.getByText(new RegExp(`/ ${length}$`)).evaluate((element) => getComputedStyle(element).fontSize);
    expect(fontSize).toBe('16px');

    // Keyboard: Home to the start, an arrow 5 s on (to the end of a short clip).
    // Played through, so nothing moves the slider but the keys.
    await expect(dialog.getByRole('button', { name: messages.commentPlayVoice('Ada Lovelace') })).toBeVisible({ timeout: 15_000 });
    await slider.focus();
    await page.keyboard.press('Home');
    await expect(slider).toHaveAttribute('aria-valuetext', `0:00 of ${length}`);
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', `${length} of ${length}`);
    await page.keyboard.press('Home');
    await expect(slider).toHaveAttribute('aria-valuetext', `0:00 of ${length}`);

    // Pointer: a click near the end puts it there.
    const box = (await slider.boundingBox())!;
    await slider.click({ position: { x: box.width - 4, y: box.height / 2 } });
    await expect(slider).not.toHaveAttribute('aria-valuetext', `0:00 of ${length}`);
  });
});

// Issue 9 "Sharing" and "Voice", as the cards show them, at phone size and on a laptop:
// a private memory says "Only you" on its card, its timeline entry and in the detail; a
// memory with a recording shows a voice badge with its length that plays in place, one
// recording at a time; a spoken follow-up answer plays in the detail beside its question.
// Memories are made through the real API (POST /api/memories, multipart).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FOLLOW_UP_AUDIO_FIELD, FOLLOW_UP_RESPONSES_FIELD, MEMORY_AUDIO_DURATION_FIELD, MEMORY_AUDIO_FIELD, type Memory } from '../common/memories';
import { expectTouchTarget, recordVoice, seenTooltips, seriousViolations, signUp } from './helpers';
import { createMemory, createTimeline, joinedMember } from './memory-fixtures';
import { messages } from '../common/messages';

declare global {
  interface Window {
    /** Every media element the page has asked to play, in order (the init script below). */
    playedMedia: HTMLMediaElement[];
  }
}

/**
 * An init script: remembers every media element the app plays, so a test can ask the element
 * itself whether it is sounding (paused === false and its clock running), not only the icon.
 */
const watchPlayback = () => {
  window.playedMedia = [];
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!window.playedMedia.includes(this)) window.playedMedia.push(this);
    return play.call(this);
  };
};

/** The paths of the recordings sounding now: playing, and their clock past the start. */
const soundingNow = (page: Page) =>
  page.evaluate(() => window.playedMedia.filter((media) => !media.paused && media.currentTime > 0).map((media) => new URL(media.src).pathname));

interface SpokenAnswer {
  question: string;
  answer: string;
  recording?: { bytes: Buffer; seconds: number };
}

/** POST /api/memories with the voice fields of the contract: text fields first, then files. */
async function createVoiceMemory(
  request: APIRequestContext,
  timelineId: string,
  fields: { title: string; content?: string; voice?: { bytes: Buffer; seconds?: number }; answers?: SpokenAnswer[] },
): Promise<Memory> {
  const form = new FormData();
  form.append('title', fields.title);
  form.append('content', fields.content ?? '');
  form.append('timelineIds', JSON.stringify([timelineId]));
  form.append('sharedWith', '[]');
  if (fields.voice?.seconds !== undefined) form.append(MEMORY_AUDIO_DURATION_FIELD, String(fields.voice.seconds));
  const answers = fields.answers ?? [];
  if (answers.length > 0) {
    form.append(
      FOLLOW_UP_RESPONSES_FIELD,
      JSON.stringify(
        answers.map(({ question, answer, recording }) =>
          recording ? { question, answer, hasAudio: true, audioDuration: recording.seconds } : { question, answer, hasAudio: false },
        ),
      ),
    );
  }
  if (fields.voice) form.append(MEMORY_AUDIO_FIELD, new Blob([new Uint8Array(fields.voice.bytes)], { type: 'audio/webm' }), 'voice.webm');
  for (const { recording } of answers) {
    if (recording) form.append(FOLLOW_UP_AUDIO_FIELD, new Blob([new Uint8Array(recording.bytes)], { type: 'audio/webm' }), 'answer.webm');
  }
  const response = await request.post('/api/memories', { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Memory;
}

/** The owner, with a timeline of their own; the home tooltips count as seen. */
async function owner(page: Page) {
  await page.addInitScript(seenTooltips);
  await page.addInitScript(watchPlayback);
  await signUp(page, { displayName: 'Ada Lovelace', firstTimeline: false });
  return createTimeline(page.request, 'Lovelace Family');
}

const sizes = [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
];

for (const size of sizes) {
  test.describe(`Private mark and voice badge (${size.name})`, () => {
    test.use(size.use);
    // Sign-ups, recordings from the fake microphone and uploads on a shared machine.
    test.describe.configure({ timeout: 180_000 });

    test('a private memory says "Only you" on its card, its timeline entry and in the detail; a shared one does not', async ({ page, browser }, testInfo) => {
      const timelineId = await owner(page);
      await createMemory(page.request, timelineId, { title: 'Secret recipe', content: 'Two spoons of honey, never three.' });

      // The spotlight's card (the only memory, so the one it reveals).
      await page.goto('/');
      await page.getByRole('button', { name: messages.homeSpotlightReveal }).click();
      const card = page.getByRole('region', { name: messages.homeSpotlightTitle }).getByRole('article', { name: 'Secret recipe' });
      await expect(card.getByText(messages.onlyYou, { exact: true })).toBeVisible();
      expect(await card.getByText(messages.onlyYou, { exact: true }).evaluate((element) => getComputedStyle(element).fontSize)).toBe('16px');

      const member = await joinedMember(browser, page, timelineId, 'Sam Lovelace');
      await createMemory(page.request, timelineId, { title: 'Sunday lunch', sharedWith: [member.id] });

      await page.goto('/timeline');
      const secret = page.getByRole('main').getByRole('article', { name: 'Secret recipe' });
      const shared = page.getByRole('main').getByRole('article', { name: 'Sunday lunch' });
      await expect(secret.getByText(messages.onlyYou, { exact: true })).toBeVisible();
      await expect(shared).toBeVisible();
      await expect(shared.getByText(messages.onlyYou)).toHaveCount(0);
      expect(await seriousViolations(page), 'timeline page').toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`timeline-private-${size.name}.png`), fullPage: true });

      await secret.getByRole('button', { name: messages.timelineViewMemoryOf('Secret recipe') }).click();
      const dialog = page.getByRole('dialog', { name: 'Secret recipe' });
      await expect(dialog.getByText(messages.onlyYou, { exact: true })).toBeVisible({ timeout: 30_000 });
      expect(await seriousViolations(page), 'detail').toEqual([]);
      await dialog.getByRole('button', { name: messages.detailClose }).click();

      // Shared with the member, the detail carries no mark; the member sees none either.
      await shared.getByRole('button', { name: messages.timelineViewMemoryOf('Sunday lunch') }).click();
      const lunch = page.getByRole('dialog', { name: 'Sunday lunch' });
      await expect(lunch.getByRole('button', { name: messages.hearYourVoice })).toBeVisible({ timeout: 30_000 });
      await expect(lunch.getByText(messages.onlyYou)).toHaveCount(0);
      await member.page.goto('/timeline');
      await expect(member.page.getByRole('main').getByRole('article', { name: 'Sunday lunch' })).toBeVisible();
      await expect(member.page.getByText(messages.onlyYou)).toHaveCount(0);
      await member.page.context().close();
    });

    test("a voice memory's badge shows its length and plays in place, one recording at a time", async ({ page }, testInfo) => {
      const timelineId = await owner(page);
      const voice = await recordVoice(page, 3500);
      const boat = await createVoiceMemory(page.request, timelineId, { title: "Grandpa's boat", voice: { bytes: voice, seconds: 3.5 } });
      // A recording stored without its length: the badge says just 'Voice'.
      const song = await createVoiceMemory(page.request, timelineId, { title: 'The old song', voice: { bytes: voice } });
      expect(boat.audioDuration).toBe(3.5);
      expect(song.audioDuration).toBeNull();

      await page.goto('/timeline');
      const boatEntry = page.getByRole('main').getByRole('article', { name: "Grandpa's boat" });
      const songEntry = page.getByRole('main').getByRole('article', { name: 'The old song' });
      await expect(boatEntry.getByTestId('voice-clip')).toHaveText(`${messages.voiceBadge}${messages.voicePositionShown('0:00', '0:04')}`);
      await expect(songEntry.getByTestId('voice-clip')).toHaveText(messages.voiceBadge);
      // Both are private (shared with no one else): the mark shows beside the badge's entry.
      await expect(boatEntry.getByText(messages.onlyYou, { exact: true })).toBeVisible();
      const playBoat = boatEntry.getByRole('button', { name: messages.playVoiceRecording });
      await expectTouchTarget(playBoat);
      expect(await seriousViolations(page), 'timeline page with voice badges').toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`timeline-voice-${size.name}.png`), fullPage: true });

      await playBoat.click();
      await expect.poll(() => soundingNow(page)).toEqual([boat.audioUrl]);
      // Played in place: the detail dialog did not open.
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(boatEntry.getByRole('button', { name: messages.pauseVoiceRecording })).toBeVisible();

      // Starting the other recording pauses the first.
      await songEntry.getByRole('button', { name: messages.playVoiceRecording }).click();
      await expect.poll(() => soundingNow(page)).toEqual([song.audioUrl]);
      await expect(boatEntry.getByRole('button', { name: messages.playVoiceRecording })).toBeVisible();
      await songEntry.getByRole('button', { name: messages.pauseVoiceRecording }).click();
      await expect.poll(() => soundingNow(page)).toEqual([]);

      // The spotlight's card has the same badge, and plays there too.
      await page.goto('/');
      await page.getByRole('button', { name: messages.homeSpotlightReveal }).click();
      const card = page.getByRole('region', { name: messages.homeSpotlightTitle }).getByRole('article');
      const shown = (await card.getAttribute('aria-label')) === boat.title ? boat : song;
      await expect(card.getByTestId('voice-clip')).toHaveText(shown === boat ? 'Voice0:00 / 0:04' : 'Voice');
      await card.getByRole('button', { name: messages.playVoiceRecording }).click();
      await expect.poll(() => soundingNow(page)).toEqual([shown.audioUrl]);
      expect(await seriousViolations(page), 'home with a voice card').toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`spotlight-voice-${size.name}.png`), fullPage: true });
    });

    test('a spoken follow-up answer plays in the detail beside its question, with its length, shown once', async ({ page }, testInfo) => {
      const timelineId = await owner(page);
      const answerVoice = await recordVoice(page, 3000);
      const question = 'Who taught you to row?';
      const placeholder = 'Audio response (no transcription available)';
      const memory = await createVoiceMemory(page.request, timelineId, {
        title: 'Rowing lessons',
        content: `The lake was cold.\n\nQ: ${question}\nA: ${placeholder}`,
        answers: [{ question, answer: placeholder, recording: { bytes: answerVoice, seconds: 3 } }],
      });
      const answer = memory.followUpResponses[0]!;
      expect(answer.audioUrl).not.toBeNull();

      await page.goto(`/timeline?memoryId=${memory.id}`);
      const dialog = page.getByRole('dialog', { name: 'Rowing lessons' });
      const followUps = dialog.getByRole('region', { name: messages.followUpAnswersHeading });
      await expect(followUps).toBeVisible({ timeout: 30_000 });
      const item = followUps.getByRole('listitem');
      await expect(item).toHaveCount(1);
      await expect(item.getByText(question, { exact: true })).toBeVisible();
      await expect(item.getByText(placeholder, { exact: true })).toBeVisible();
      await expect(item.getByTestId('voice-clip')).toHaveText(`${messages.voiceBadge}${messages.voicePositionShown('0:00', '0:03')}`);
      // The notes keep what was written; the answer is not shown a second time.
      await expect(dialog.getByText('The lake was cold.', { exact: true })).toBeVisible();
      await expect(dialog.getByText(placeholder)).toHaveCount(1);
      await expect(dialog.getByText(/^Q: /)).toHaveCount(0);

      const play = item.getByRole('button', { name: messages.playSpokenAnswer });
      await expectTouchTarget(play);
      await expect(play).toHaveAccessibleDescription(question);
      await play.click();
      await expect.poll(() => soundingNow(page)).toEqual([answer.audioUrl]);
      await expect(item.getByRole('button', { name: messages.pauseSpokenAnswer })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(await seriousViolations(page), 'detail with a spoken answer').toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`detail-follow-up-${size.name}.png`), fullPage: true });
    });
  });
}

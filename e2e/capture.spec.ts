// memories §2, §4, §5, §7, §8: the capture wizard end to end, with Chromium's fake microphone.
import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { messages } from '../common/messages';
import { E2E_ORIGIN, TRANSCRIBED_WORDS, TRANSCRIBING_ORIGIN } from '../playwright.config';
import { failFirst } from './faults';
import { ANY_NUMBER, expectToast, oneOfTexts, openWizard, PASSWORD, recordWebm, signUp, textPattern, uniqueEmail } from './helpers';

/** A chosen photo's preview in the wizard: 'Photo 1: picnic.png'. */
const PHOTO_PREVIEW = textPattern(messages.capturePhotoPreview(ANY_NUMBER, ''));
/** The recorder's warning, said each second of the last minute before 10 minutes (memories §4). */
const STOPS_IN = (from: number, to: number) => oneOfTexts(Array.from({ length: to - from + 1 }, (_, second) => messages.voiceStopsIn(from + second)));

/** The person's first timeline, made through the API (sign up with `firstTimeline: false`); reload after. */
async function createTimeline(page: Page, name: string, color = '#10b981'): Promise<string> {
  const response = await page.request.post('/api/timelines', { data: { name, color } });
  expect(response.status()).toBe(201);
  await page.evaluate(() => localStorage.setItem('profile-setup-shown', 'true'));
  return ((await response.json()) as { id: string }).id;
}

/** Media made by the browser itself: a PNG, a JPEG and a short decodable WebM video. */
async function makeMedia(page: Page) {
  const media = await page.evaluate(async () => {
    const toBase64 = async (blob: Blob) => {
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    };
    const picture = (color: string, type: string) =>
      new Promise<Blob>((resolve) => {
        const canvas = document.createElement('canvas');
        canvas.width = 64;
        canvas.height = 48;
        const context = canvas.getContext('2d')!;
        context.fillStyle = color;
        context.fillRect(0, 0, 64, 48);
        canvas.toBlob((blob) => resolve(blob!), type, 0.9);
      });
    return {
      png: await toBase64(await picture('#e67e22', 'image/png')),
      jpeg: await toBase64(await picture('#2980b9', 'image/jpeg')),
    };
  });
  const file = (name: string, mimeType: string, base64: string) => ({ name, mimeType, buffer: Buffer.from(base64, 'base64') });
  return {
    png: file('garden.png', 'image/png', media.png),
    jpeg: file('beach.jpg', 'image/jpeg', media.jpeg),
    png2: file('cake.png', 'image/png', media.png),
    jpeg2: file('kite.jpg', 'image/jpeg', media.jpeg),
    video: { name: 'picnic.webm', mimeType: 'video/webm', buffer: await recordWebm(page) },
  };
}

// Chromium's fake microphone can take seconds to open the first time on a busy machine, so
// the first 'Recording' waits longer than the default.
test.describe('Capture wizard', () => {
  test.setTimeout(120_000);

  test('captures a memory with voice, photos, a video, a follow-up answer, a timeline and selective sharing', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('welcome-tooltip-seen', 'true'));
    // Keeps the memory form the page sends, to look at its file parts.
    await page.addInitScript(() => {
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        if (body instanceof FormData && body.has('timelineIds')) (window as unknown as { sentMemoryForm: FormData }).sentMemoryForm = body;
        return send.call(this, body);
      };
    });
    await signUp(page, { firstTimeline: false });
    const timelineId = await createTimeline(page, 'Lovelace Family');

    // A second member of the timeline, so selective sharing has someone to choose.
    const invite = await page.request.post(`/api/timelines/${timelineId}/invites`, { data: {} });
    expect(invite.ok()).toBe(true);
    const inviteId = ((await invite.json()) as { id: string }).id;
    const grace = await apiRequest.newContext({ baseURL: E2E_ORIGIN });
    const registered = await grace.post('/api/auth/register', { data: { email: uniqueEmail('grace'), password: PASSWORD, displayName: 'Grace Hopper' } });
    expect(registered.status()).toBe(201);
    const graceId = ((await registered.json()) as { id: string }).id;
    expect((await grace.post(`/api/timeline-invite/${inviteId}/accept`, { data: {} })).ok()).toBe(true);
    await grace.dispose();

    await page.reload();
    const media = await makeMedia(page);
    const wizard = await openWizard(page);

    // memories §5: a title first, then some content.
    await wizard.getByRole('button', { name: messages.next }).click();
    await expectToast(page, messages.captureMissingTitle, messages.captureMissingTitleDetail);
    await wizard.getByLabel(messages.captureTitleLabel).fill('   ');
    await wizard.getByRole('button', { name: messages.next }).click();
    await expectToast(page, messages.captureMissingTitle, messages.captureMissingTitleDetail);
    await wizard.getByLabel(messages.captureTitleLabel).fill('Picnic at the lake');
    await wizard.getByRole('button', { name: messages.next }).click();
    await expectToast(page, messages.captureContentRequired, messages.captureContentRequiredDetail);
    await wizard.getByLabel(messages.notesLabel).fill('We rowed across the lake and Grandma told stories.');

    // Voice recording: starts by itself, Stop. No transcription service here (the default of a
    // self-hosted install): the recording is simply kept, with no progress bar and no toast.
    await wizard.getByRole('button', { name: messages.captureVoiceRecording }).click();
    const recorder = page.getByRole('dialog', { name: messages.voiceRecorderTitle });
    await expect(recorder.getByText(messages.voiceRecording, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(recorder.getByLabel(messages.voiceElapsed)).toHaveText('00:01', { timeout: 5_000 });
    await recorder.getByRole('button', { name: messages.stop }).click();
    await expect(recorder).toBeHidden();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(wizard.getByLabel(messages.captureYourVoiceRecording)).toBeVisible();
    await expect(wizard.getByLabel(messages.transcriptionLabel)).toHaveValue('');

    // memories §5: at most 3 photos; the fourth chosen file is dropped.
    await wizard.getByLabel(messages.captureChoosePhotos, { exact: true }).setInputFiles([media.png, media.jpeg, media.png2, media.jpeg2]);
    await expect(wizard.getByRole('button', { name: messages.captureAddPhotos(3, 3) })).toBeDisabled();
    await expect(wizard.getByRole('img', { name: PHOTO_PREVIEW })).toHaveCount(3);
    // Removing offers Undo; a second removal replaces the offer.
    await wizard.getByRole('button', { name: messages.captureRemovePhoto(3) }).click();
    await expect(wizard.getByRole('img', { name: PHOTO_PREVIEW })).toHaveCount(2);
    await wizard.getByRole('button', { name: messages.undo }).click();
    await expect(wizard.getByRole('img', { name: PHOTO_PREVIEW })).toHaveCount(3);
    await wizard.getByRole('button', { name: messages.captureRemovePhoto(3) }).click();
    await expect(wizard.getByRole('img', { name: PHOTO_PREVIEW })).toHaveCount(2);

    // One video, with a thumbnail frame captured in the browser; a second is refused.
    await wizard.getByLabel(messages.captureChooseVideo, { exact: true }).setInputFiles(media.video);
    await expect(wizard.getByTestId('video-thumbnail')).toBeVisible({ timeout: 10_000 });
    expect(await wizard.getByTestId('video-thumbnail').getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    await wizard.getByRole('button', { name: messages.captureAddVideo }).click();
    await expectToast(page, messages.maxVideosTitle, messages.captureMaxVideosDetail);

    // Follow-up prompt: Back returns to start; Yes asks a question, typed out.
    await wizard.getByRole('button', { name: messages.next }).click();
    await expect(wizard.getByText(messages.captureFollowUpAsk)).toBeVisible();
    await wizard.getByRole('button', { name: messages.back }).click();
    await expect(wizard.getByLabel(messages.captureTitleLabel)).toHaveValue('Picnic at the lake');
    await wizard.getByRole('button', { name: messages.next }).click();

    const asked = page.waitForResponse((response) => response.url().endsWith('/api/prompts/follow-up'));
    await wizard.getByRole('button', { name: messages.yes }).click();
    const firstAnswer = await asked;
    expect(firstAnswer.status()).toBe(200);
    expect(firstAnswer.request().postDataJSON()).toMatchObject({ previousQuestions: [] });
    const question = ((await firstAnswer.json()) as { question: string }).question;
    const typed = wizard.getByTestId('follow-up-question');
    await expect(typed).toHaveAttribute('data-typing', 'typing');
    await expect(typed).toHaveAttribute('data-typing', 'done', { timeout: 10_000 });
    await expect(typed.locator('span[aria-hidden]')).toHaveText(question);
    await wizard.getByLabel(messages.followUpYourAnswer).fill('My grandmother, my cousins and our old dog Biscuit.');

    // Another question never repeats: the first is sent as a previous question.
    const askedAgain = page.waitForResponse((response) => response.url().endsWith('/api/prompts/follow-up'));
    await wizard.getByRole('button', { name: messages.followUpAnotherQuestion }).click();
    const secondAnswer = await askedAgain;
    expect(secondAnswer.request().postDataJSON()).toMatchObject({ previousQuestions: [question] });
    const secondQuestion = ((await secondAnswer.json()) as { question: string }).question;
    expect(secondQuestion).not.toBe(question);
    await expect(wizard.getByText(messages.followUpAnsweredCount(1))).toBeVisible();

    // An answer begun by hand and finished by voice: with no transcription service the
    // spec's placeholder follows what was typed, quietly, and the recording is kept to play.
    await wizard.getByLabel(messages.followUpYourAnswer).fill('Mostly sledging.');
    await wizard.getByRole('button', { name: messages.followUpRecordAnswer }).click();
    await expect(wizard.getByRole('button', { name: messages.stopRecording })).toBeEnabled({ timeout: 20_000 });
    await expect(wizard.getByText(messages.followUpRecordingElapsed('00:01', '00:30'), { exact: true })).toBeVisible({ timeout: 5_000 });
    await wizard.getByRole('button', { name: messages.stopRecording }).click();
    await expect(wizard.getByLabel(messages.followUpYourAnswer)).toHaveValue(`Mostly sledging. ${messages.audioAnswerNoTranscription}`);
    await expect(wizard.getByLabel(messages.yourSpokenAnswer)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await wizard.getByRole('button', { name: messages.followUpSaveAndExit }).click();

    // Timeline: the active timeline is chosen; at least one to continue; Back → follow-up prompt.
    const timelineBox = wizard.getByRole('checkbox', { name: 'Lovelace Family' });
    await expect(timelineBox).toBeChecked();
    await timelineBox.uncheck();
    await expect(wizard.getByRole('button', { name: messages.continue })).toBeDisabled();
    await timelineBox.check();
    await wizard.getByRole('button', { name: messages.back }).click();
    await expect(wizard.getByText(messages.captureFollowUpAsk)).toBeVisible();
    await wizard.getByRole('button', { name: messages.no }).click();
    await wizard.getByRole('button', { name: messages.continue }).click();

    // Sharing (DESIGN "Sharing default"): it starts on Selective Sharing with the other members
    // of the active timeline chosen; Private is one tap away.
    await expect(wizard.getByRole('radio', { name: new RegExp(messages.sharingSelective) })).toBeChecked();
    await expect(wizard.getByText(messages.sharingSelectiveDescription)).toBeVisible();
    const graceBox = wizard.getByRole('checkbox', { name: 'Grace Hopper' });
    await expect(graceBox).toBeChecked();
    await expect(wizard.getByText(messages.sharingPrivateDescription)).toBeVisible();
    await expect(wizard.getByRole('link', { name: messages.sharingInviteMembers })).toHaveAttribute('href', '/community');
    await wizard.getByRole('radio', { name: new RegExp(messages.sharingPrivate) }).check();
    await expect(graceBox).toBeHidden();
    await wizard.getByRole('radio', { name: new RegExp(messages.sharingSelective) }).check();
    await expect(graceBox).toBeChecked();
    await graceBox.uncheck();
    await wizard.getByRole('button', { name: messages.selectAll }).click();
    await expect(graceBox).toBeChecked();

    const created = page.waitForResponse((response) => response.url().endsWith('/api/memories') && response.request().method() === 'POST');
    await wizard.getByRole('button', { name: messages.captureSaveMemory }).click();
    const createdResponse = await created;
    expect(createdResponse.status()).toBe(201);
    // Text fields go before files, so the server authorizes before it stores a byte; the
    // captured frame travels last, as directVideoThumbnails, a JPEG. (Chromium does not report multipart bodies with files, so the form is read in the page.)
    const sentForm = await page.evaluate(async () => {
      const form = (window as unknown as { sentMemoryForm: FormData }).sentMemoryForm;
      const frame = form.get('directVideoThumbnails') as File;
      return {
        fields: [...form.keys()],
        frame: { name: frame.name, type: frame.type, magic: [...new Uint8Array(await frame.slice(0, 3).arrayBuffer())] },
      };
    });
    expect(sentForm.fields.indexOf('directVideoUrls')).toBeLessThan(sentForm.fields.indexOf('directVideoThumbnails'));
    expect(sentForm.fields.at(-1)).toBe('directVideoThumbnails');
    const fileFields = ['images', 'audio', 'followUpAudio', 'directVideoThumbnails'];
    const firstFile = Math.min(...fileFields.map((name) => sentForm.fields.indexOf(name)).filter((at) => at >= 0));
    expect(sentForm.fields.slice(firstFile).every((name) => fileFields.includes(name))).toBe(true);
    expect(sentForm.fields.filter((name) => name === 'followUpAudio')).toHaveLength(1);
    expect(sentForm.frame).toEqual({ name: 'thumbnail.jpg', type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] });
    await expectToast(page, messages.memorySaved, messages.memorySavedDetail);
    await expect(wizard).toBeHidden();

    // What the server kept.
    const list = await page.request.get('/api/memories');
    expect(list.ok()).toBe(true);
    const memories = (await list.json()) as Array<Record<string, unknown> & { title: string }>;
    const memory = memories.find((entry) => entry.title === 'Picnic at the lake')!;
    expect(memory).toBeTruthy();
    expect(memory.images).toHaveLength(2);
    expect(memory.videos).toHaveLength(1);
    // The server keeps that frame: the video's thumbnailUrl serves an image.
    const [savedVideo] = memory.videos as Array<{ thumbnailUrl: string | null }>;
    expect(typeof savedVideo!.thumbnailUrl).toBe('string');
    const frame = await page.request.get(savedVideo!.thumbnailUrl!);
    expect(frame.status()).toBe(200);
    expect(frame.headers()['content-type']).toMatch(/^image\//);
    expect(memory.audioUrl).toBeTruthy();
    expect(memory.timelineIds).toEqual([timelineId]);
    expect(memory.sharedWith).toContain(graceId);
    expect(memory.content).toBe(
      [
        'We rowed across the lake and Grandma told stories.',
        `Q: ${question}\nA: My grandmother, my cousins and our old dog Biscuit.`,
        `Q: ${secondQuestion}\nA: Mostly sledging. ${messages.audioAnswerNoTranscription}`,
      ].join('\n\n'),
    );

    // Opening again starts afresh.
    const again = await openWizard(page);
    await expect(again.getByLabel(messages.captureTitleLabel)).toHaveValue('');
    await expect(again.getByLabel(messages.notesLabel)).toHaveValue('');
  });

  test.describe('with a transcription service', () => {
    // The second e2e server (playwright.config.ts): its TRANSCRIBE_URL is the test
    // transcription server on loopback, which hears every recording as TRANSCRIBED_WORDS.
    test.use({ baseURL: TRANSCRIBING_ORIGIN });

    test('the voice recorder starts after 0.5 s, warns in the final 30 seconds and stops itself at 10 minutes', async ({ page }) => {
      // A controllable clock that otherwise runs at the normal pace: fastForward jumps minutes.
      await page.clock.install();
      await page.addInitScript(() => localStorage.setItem('welcome-tooltip-seen', 'true'));
      await signUp(page, { firstTimeline: false });
      await createTimeline(page, 'Long Stories');
      await page.reload();
      const config = (await (await page.request.get('/api/config')).json()) as { transcriptionAvailable: boolean };
      expect(config.transcriptionAvailable).toBe(true);
      const wizard = await openWizard(page);
      await wizard.getByLabel(messages.captureTitleLabel).fill('Grandpa talks');

      await wizard.getByRole('button', { name: messages.captureVoiceRecording }).click();
      const recorder = page.getByRole('dialog', { name: messages.voiceRecorderTitle });
      await expect(recorder.getByText(messages.voiceRecording, { exact: true })).toBeVisible({ timeout: 20_000 });
      const elapsed = recorder.getByLabel(messages.voiceElapsed);
      const warning = recorder.getByRole('status').filter({ hasText: STOPS_IN(1, 60) });
      await expect(elapsed).toHaveText(/^00:0\d$/);

      await page.clock.fastForward('09:20');
      await expect(elapsed).toHaveText(/^09:2\d$/);
      await expect(warning).toHaveCount(0);

      await page.clock.fastForward('00:15');
      await expect(elapsed).toHaveText(/^09:3\d$/);
      await expect(warning).toHaveText(STOPS_IN(10, 29));

      // memories §4, §8: at 10 minutes it stops by itself, then transcribes. One fault put into
      // that real call (e2e/faults.ts), the server's own answer when its service fails: the
      // audio is kept, and the person is told.
      const transcribeCalls = await failFirst(page, 'POST', '**/api/audio/transcribe', 1, { status: 502, message: messages.transcriptionFailed });
      await page.clock.fastForward('00:30');
      await expectToast(page, messages.recordingSaved, messages.recordingSavedDetail);
      await expect(recorder).toBeHidden();
      await expect(wizard.getByLabel(messages.captureYourVoiceRecording)).toBeVisible();
      expect(transcribeCalls.calls).toBe(1);

      // memories §4, §8: a follow-up answer by voice stops itself after 30 s and is transcribed
      // by the service, through the server.
      await wizard.getByLabel(messages.notesLabel).fill('Grandpa told us about his years at sea.');
      await wizard.getByRole('button', { name: messages.next }).click();
      await wizard.getByRole('button', { name: messages.yes }).click();
      await expect(wizard.getByTestId('follow-up-question')).toHaveAttribute('data-typing', 'done', { timeout: 10_000 });
      await wizard.getByRole('button', { name: messages.followUpRecordAnswer }).click();
      await expect(wizard.getByText(oneOfTexts(Array.from({ length: 10 }, (_, second) => messages.followUpRecordingElapsed(`00:0${second}`, '00:30'))))).toBeVisible();
      await page.clock.fastForward('00:29');
      await expect(wizard.getByRole('button', { name: messages.stopRecording })).toBeVisible();
      const transcribed = page.waitForResponse((response) => response.url().endsWith('/api/audio/transcribe'));
      await page.clock.fastForward('00:02');
      expect((await transcribed).status()).toBe(200);
      expect(transcribeCalls.calls).toBe(2);
      await expectToast(page, messages.recordingComplete, messages.recordingCompleteDetail);
      await expect(wizard.getByLabel(messages.followUpYourAnswer)).toHaveValue(TRANSCRIBED_WORDS);
    });
  });

  test('refuses a follow-up question for a memory without text, reports failures, and resets on close', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('welcome-tooltip-seen', 'true'));
    await signUp(page, { firstTimeline: false });
    await createTimeline(page, 'Quiet Timeline');
    await page.reload();
    const media = await makeMedia(page);
    let wizard = await openWizard(page);

    // memories §5: a photo is content, but a follow-up question needs text.
    await wizard.getByLabel(messages.captureTitleLabel).fill('Only a photo');
    await wizard.getByLabel(messages.captureChoosePhotos, { exact: true }).setInputFiles([media.png]);
    await wizard.getByRole('button', { name: messages.next }).click();
    await wizard.getByRole('button', { name: messages.yes }).click();
    await expectToast(page, messages.followUpEmptyMemory, messages.followUpEmptyMemoryDetail);
    await expect(wizard.getByText(messages.captureFollowUpAsk)).toBeVisible();

    // Closing asks first, then resets everything to start.
    await wizard.getByRole('button', { name: messages.closeDialog }).click();
    await page.getByRole('dialog', { name: messages.discardMemoryTitle }).getByRole('button', { name: messages.discardMemoryConfirm }).click();
    await expect(wizard).toBeHidden();
    wizard = await openWizard(page);
    await expect(wizard.getByLabel(messages.captureTitleLabel)).toHaveValue('');
    await expect(wizard.getByRole('img', { name: PHOTO_PREVIEW })).toHaveCount(0);

    // memories §8: a failed follow-up request.
    await failFirst(page, 'POST', '**/api/prompts/follow-up', 1, { status: 500, message: 'boom' });
    await wizard.getByLabel(messages.captureTitleLabel).fill('Words this time');
    await wizard.getByLabel(messages.notesLabel).fill('A quiet afternoon with tea.');
    await wizard.getByRole('button', { name: messages.next }).click();
    await wizard.getByRole('button', { name: messages.yes }).click();
    await expectToast(page, messages.errorTitle, messages.followUpFailed);
    await wizard.getByRole('button', { name: messages.closeDialog }).click();
    await page.getByRole('dialog', { name: messages.discardMemoryTitle }).getByRole('button', { name: messages.discardMemoryConfirm }).click();

    // memories §8: a refused microphone: the spec's words, and how to allow it, in a panel
    // that stays until the person tries again or closes it.
    await page.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    wizard = await openWizard(page);
    await wizard.getByRole('button', { name: messages.captureVoiceRecording }).click();
    const recorder = page.getByRole('dialog', { name: messages.voiceRecorderTitle });
    const help = recorder.getByRole('alert').filter({ hasText: messages.recordingError });
    await expect(help).toContainText(messages.recordingErrorDetail);
    await expect(help).toContainText(messages.microphoneHelpIphone);
    await expect(help).toContainText(messages.microphoneHelpAndroid);
    await expect(recorder.getByRole('button', { name: messages.tryAgain })).toBeFocused();
    await recorder.getByRole('button', { name: messages.tryAgain }).click();
    await expect(help).toBeVisible();
    await recorder.getByRole('button', { name: messages.microphoneHelpClose, exact: true }).click();
    await expect(recorder).toBeHidden();
    await expect(wizard.getByRole('button', { name: messages.captureVoiceRecording })).toBeFocused();
  });
});

// memories §2, §4, §5, §7, §8: the capture wizard end to end, with Chromium's fake microphone.
import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { E2E_ORIGIN } from '../playwright.config';
import { expectToast, openWizard, PASSWORD, recordWebm, signUp, uniqueEmail } from './helpers';

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
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectToast(page, 'Missing title', 'Please give your memory a title');
    await wizard.getByLabel('Title').fill('   ');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectToast(page, 'Missing title', 'Please give your memory a title');
    await wizard.getByLabel('Title').fill('Picnic at the lake');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectToast(page, 'Content required', 'Please provide the content of your memory before proceeding.');
    await wizard.getByLabel('Notes').fill('We rowed across the lake and Grandma told stories.');

    // Voice recording: starts by itself, Stop. No transcription service here (the default of a
    // self-hosted install): the recording is simply kept, with no progress bar and no toast.
    await wizard.getByRole('button', { name: 'Voice recording' }).click();
    const recorder = page.getByRole('dialog', { name: 'Voice Recorder' });
    await expect(recorder.getByText('Recording', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(recorder.getByLabel('Elapsed time')).toHaveText('00:01', { timeout: 5_000 });
    await recorder.getByRole('button', { name: 'Stop' }).click();
    await expect(recorder).toBeHidden();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(wizard.getByLabel('Your voice recording')).toBeVisible();
    await expect(wizard.getByLabel('Transcription')).toHaveValue('');

    // memories §5: at most 3 photos; the fourth chosen file is dropped.
    await wizard.locator('input[aria-label="Choose photos"]').setInputFiles([media.png, media.jpeg, media.png2, media.jpeg2]);
    await expect(wizard.getByRole('button', { name: 'Add photos (3/3)' })).toBeDisabled();
    await expect(wizard.getByRole('img', { name: /^Photo \d/ })).toHaveCount(3);
    // Removing offers Undo; a second removal replaces the offer.
    await wizard.getByRole('button', { name: 'Remove photo 3' }).click();
    await expect(wizard.getByRole('img', { name: /^Photo \d/ })).toHaveCount(2);
    await wizard.getByRole('button', { name: 'Undo' }).click();
    await expect(wizard.getByRole('img', { name: /^Photo \d/ })).toHaveCount(3);
    await wizard.getByRole('button', { name: 'Remove photo 3' }).click();
    await expect(wizard.getByRole('img', { name: /^Photo \d/ })).toHaveCount(2);

    // One video, with a thumbnail frame captured in the browser; a second is refused.
    await wizard.locator('input[aria-label="Choose a video"]').setInputFiles(media.video);
    await expect(wizard.getByTestId('video-thumbnail')).toBeVisible({ timeout: 10_000 });
    expect(await wizard.getByTestId('video-thumbnail').getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    await wizard.getByRole('button', { name: 'Add video' }).click();
    await expectToast(page, 'Maximum videos reached', 'You can have a maximum of 1 video per memory');

    // Follow-up prompt: Back returns to start; Yes asks a question, typed out.
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Would you like to answer a follow-up question?')).toBeVisible();
    await wizard.getByRole('button', { name: 'Back' }).click();
    await expect(wizard.getByLabel('Title')).toHaveValue('Picnic at the lake');
    await wizard.getByRole('button', { name: 'Next' }).click();

    const asked = page.waitForResponse((response) => response.url().endsWith('/api/prompts/follow-up'));
    await wizard.getByRole('button', { name: 'Yes' }).click();
    const firstAnswer = await asked;
    expect(firstAnswer.status()).toBe(200);
    expect(firstAnswer.request().postDataJSON()).toMatchObject({ previousQuestions: [] });
    const question = ((await firstAnswer.json()) as { question: string }).question;
    const typed = wizard.getByTestId('follow-up-question');
    await expect(typed).toHaveAttribute('data-typing', 'typing');
    await expect(typed).toHaveAttribute('data-typing', 'done', { timeout: 10_000 });
    await expect(typed.locator('span[aria-hidden]')).toHaveText(question);
    await wizard.getByLabel('Your answer').fill('My grandmother, my cousins and our old dog Biscuit.');

    // Another question never repeats: the first is sent as a previous question.
    const askedAgain = page.waitForResponse((response) => response.url().endsWith('/api/prompts/follow-up'));
    await wizard.getByRole('button', { name: 'Another question' }).click();
    const secondAnswer = await askedAgain;
    expect(secondAnswer.request().postDataJSON()).toMatchObject({ previousQuestions: [question] });
    const secondQuestion = ((await secondAnswer.json()) as { question: string }).question;
    expect(secondQuestion).not.toBe(question);
    await expect(wizard.getByText('1 answered')).toBeVisible();

    // An answer begun by hand and finished by voice: with no transcription service the
    // spec's placeholder follows what was typed, quietly, and the recording is kept to play.
    await wizard.getByLabel('Your answer').fill('Mostly sledging.');
    await wizard.getByRole('button', { name: 'Record answer' }).click();
    await expect(wizard.getByRole('button', { name: 'Stop recording' })).toBeEnabled({ timeout: 20_000 });
    await expect(wizard.getByText(/^Recording 00:01 \/ 00:30$/)).toBeVisible({ timeout: 5_000 });
    await wizard.getByRole('button', { name: 'Stop recording' }).click();
    await expect(wizard.getByLabel('Your answer')).toHaveValue('Mostly sledging. Audio response (no transcription available)');
    await expect(wizard.getByLabel('Your spoken answer')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await wizard.getByRole('button', { name: 'Save and exit' }).click();

    // Timeline: the active timeline is chosen; at least one to continue; Back → follow-up prompt.
    const timelineBox = wizard.getByRole('checkbox', { name: 'Lovelace Family' });
    await expect(timelineBox).toBeChecked();
    await timelineBox.uncheck();
    await expect(wizard.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await timelineBox.check();
    await wizard.getByRole('button', { name: 'Back' }).click();
    await expect(wizard.getByText('Would you like to answer a follow-up question?')).toBeVisible();
    await wizard.getByRole('button', { name: 'No' }).click();
    await wizard.getByRole('button', { name: 'Continue' }).click();

    // Sharing (DESIGN "Sharing default"): it starts on Selective Sharing with the other members
    // of the active timeline chosen; Private is one tap away.
    await expect(wizard.getByRole('radio', { name: /Selective Sharing/ })).toBeChecked();
    await expect(wizard.getByText('Choose which timeline members can view')).toBeVisible();
    const graceBox = wizard.getByRole('checkbox', { name: 'Grace Hopper' });
    await expect(graceBox).toBeChecked();
    await expect(wizard.getByText('Only visible to you')).toBeVisible();
    await expect(wizard.getByRole('link', { name: 'Invite members' })).toHaveAttribute('href', '/community');
    await wizard.getByRole('radio', { name: /Private/ }).check();
    await expect(graceBox).toBeHidden();
    await wizard.getByRole('radio', { name: /Selective Sharing/ }).check();
    await expect(graceBox).toBeChecked();
    await graceBox.uncheck();
    await wizard.getByRole('button', { name: 'Select All' }).click();
    await expect(graceBox).toBeChecked();

    const created = page.waitForResponse((response) => response.url().endsWith('/api/memories') && response.request().method() === 'POST');
    await wizard.getByRole('button', { name: 'Save Memory' }).click();
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
    await expectToast(page, 'Success!', 'Memory saved successfully!');
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
        `Q: ${secondQuestion}\nA: Mostly sledging. Audio response (no transcription available)`,
      ].join('\n\n'),
    );

    // Opening again starts afresh.
    const again = await openWizard(page);
    await expect(again.getByLabel('Title')).toHaveValue('');
    await expect(again.getByLabel('Notes')).toHaveValue('');
  });

  test('the voice recorder starts after 0.5 s, warns in the final 30 seconds and stops itself at 10 minutes', async ({ page }) => {
    // A controllable clock that otherwise runs at the normal pace: fastForward jumps minutes.
    await page.clock.install();
    // This test follows the spec's flow with a transcription service configured: /api/config
    // says there is one (the e2e server has none, so its transcribe call still fails with 503).
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), transcriptionAvailable: true } });
    });
    await page.addInitScript(() => localStorage.setItem('welcome-tooltip-seen', 'true'));
    await signUp(page, { firstTimeline: false });
    await createTimeline(page, 'Long Stories');
    await page.reload();
    const wizard = await openWizard(page);
    await wizard.getByLabel('Title').fill('Grandpa talks');

    await wizard.getByRole('button', { name: 'Voice recording' }).click();
    const recorder = page.getByRole('dialog', { name: 'Voice Recorder' });
    await expect(recorder.getByText('Recording', { exact: true })).toBeVisible({ timeout: 20_000 });
    const elapsed = recorder.getByLabel('Elapsed time');
    const warning = recorder.getByRole('status').filter({ hasText: 'Recording stops in' });
    await expect(elapsed).toHaveText(/^00:0\d$/);

    await page.clock.fastForward('09:20');
    await expect(elapsed).toHaveText(/^09:2\d$/);
    await expect(warning).toHaveCount(0);

    await page.clock.fastForward('00:15');
    await expect(elapsed).toHaveText(/^09:3\d$/);
    await expect(warning).toHaveText(/^Recording stops in (1\d|2\d) seconds \(10-minute limit\)\.$/);

    // memories §4: at 10 minutes it stops by itself, then transcribes (503 locally: the audio is kept).
    await page.clock.fastForward('00:30');
    await expectToast(page, 'Recording Saved', 'Your voice recording was saved, but transcription failed. You can add text manually if needed.');
    await expect(recorder).toBeHidden();
    await expect(wizard.getByLabel('Your voice recording')).toBeVisible();

    // memories §4, §8: a follow-up answer by voice stops itself after 30 s and is transcribed.
    await page.route('**/api/audio/transcribe', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"transcription":"He sang sea shanties."}' }),
    );
    await wizard.getByLabel('Notes').fill('Grandpa told us about his years at sea.');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Yes' }).click();
    await expect(wizard.getByTestId('follow-up-question')).toHaveAttribute('data-typing', 'done', { timeout: 10_000 });
    await wizard.getByRole('button', { name: 'Record answer' }).click();
    await expect(wizard.getByText(/^Recording 00:0\d \/ 00:30$/)).toBeVisible();
    await page.clock.fastForward('00:29');
    await expect(wizard.getByRole('button', { name: 'Stop recording' })).toBeVisible();
    await page.clock.fastForward('00:02');
    await expectToast(page, 'Recording Complete', 'Your voice message has been transcribed successfully!');
    await expect(wizard.getByLabel('Your answer')).toHaveValue('He sang sea shanties.');
  });

  test('refuses a follow-up question for a memory without text, reports failures, and resets on close', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('welcome-tooltip-seen', 'true'));
    await signUp(page, { firstTimeline: false });
    await createTimeline(page, 'Quiet Timeline');
    await page.reload();
    const media = await makeMedia(page);
    let wizard = await openWizard(page);

    // memories §5: a photo is content, but a follow-up question needs text.
    await wizard.getByLabel('Title').fill('Only a photo');
    await wizard.locator('input[aria-label="Choose photos"]').setInputFiles([media.png]);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Empty Memory', 'Please add some content to your memory first');
    await expect(wizard.getByText('Would you like to answer a follow-up question?')).toBeVisible();

    // Closing asks first, then resets everything to start.
    await wizard.getByRole('button', { name: 'Close dialog' }).click();
    await page.getByRole('dialog', { name: 'Discard this memory?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(wizard).toBeHidden();
    wizard = await openWizard(page);
    await expect(wizard.getByLabel('Title')).toHaveValue('');
    await expect(wizard.getByRole('img', { name: /^Photo \d/ })).toHaveCount(0);

    // memories §8: a failed follow-up request.
    await page.route('**/api/prompts/follow-up', (route) => route.fulfill({ status: 500, body: '{"message":"boom"}', contentType: 'application/json' }));
    await wizard.getByLabel('Title').fill('Words this time');
    await wizard.getByLabel('Notes').fill('A quiet afternoon with tea.');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Error', 'Failed to get follow-up question');
    await wizard.getByRole('button', { name: 'Close dialog' }).click();
    await page.getByRole('dialog', { name: 'Discard this memory?' }).getByRole('button', { name: 'Discard' }).click();

    // memories §8: a refused microphone: the spec's words, and how to allow it, in a panel
    // that stays until the person tries again or closes it.
    await page.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    wizard = await openWizard(page);
    await wizard.getByRole('button', { name: 'Voice recording' }).click();
    const recorder = page.getByRole('dialog', { name: 'Voice Recorder' });
    const help = recorder.getByRole('alert').filter({ hasText: 'Recording Error' });
    await expect(help).toContainText('Could not start recording. Please check microphone permissions.');
    await expect(help).toContainText('iPhone or iPad (Safari)');
    await expect(help).toContainText('Android (Chrome)');
    await expect(recorder.getByRole('button', { name: 'Try again' })).toBeFocused();
    await recorder.getByRole('button', { name: 'Try again' }).click();
    await expect(help).toBeVisible();
    await recorder.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(recorder).toBeHidden();
    await expect(wizard.getByRole('button', { name: 'Voice recording' })).toBeFocused();
  });
});

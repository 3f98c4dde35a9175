// issue 26: a recording Safari made (fragmented MP4/AAC, as its MediaRecorder writes with a
// chunk a second) plays in the memory's player and a comment's, served as audio/mp4 by the
// real server; the players learn its length from the file, as no length was sent with it.
// Chromium stands in for Safari's <audio>: the spec shows that nothing on the way (the
// form's names, the stored type, the players) assumes WebM.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { messages } from '../common/messages';
import type { Memory } from '../common/memories';
import { seenTooltips, shoot, signUp } from './helpers';
import { createTimeline } from './memory-fixtures';

/** jfk.wav, 11 s, as Safari records it (server/audio/decode/fixtures/README.md). */
const SAFARI = readFileSync(join('server', 'audio', 'decode', 'fixtures', 'jfk-aac-fragmented.mp4'));
const safariBlob = (type: string) => new Blob([new Uint8Array(SAFARI)], { type });

test('a Safari recording plays as a memory\'s voice and as a voice comment, its length learnt from the file', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(seenTooltips);
  await signUp(page, { displayName: 'Ada Lovelace' });
  const timelineId = await createTimeline(page.request, 'Family');

  const form = new FormData();
  form.append('title', 'Grandpa on the radio');
  form.append('timelineIds', JSON.stringify([timelineId]));
  form.append('audio', safariBlob('audio/mp4'), 'recording.m4a');
  const created = await page.request.post('/api/memories', { multipart: form });
  expect(created.status(), await created.text()).toBe(201);
  const memory = (await created.json()) as Memory;
  expect(memory.audioUrl).toMatch(/\.m4a$/);

  // Named .webm, as an older page named every voice comment: the server goes by the bytes.
  const comment = new FormData();
  comment.append('audio', safariBlob('audio/mp4;codecs=mp4a.40.2'), 'comment.webm');
  const commented = await page.request.post(`/api/memories/${memory.id}/comments`, { multipart: comment });
  expect(commented.status(), await commented.text()).toBe(201);

  const served = await page.request.get(memory.audioUrl!, { headers: { range: 'bytes=0-1' } });
  expect(served.status()).toBe(206);
  expect(served.headers()['content-type']).toBe('audio/mp4');

  await page.goto(`/timeline?memoryId=${memory.id}`);
  const dialog = page.getByRole('dialog', { name: 'Grandpa on the radio' });
  const hear = dialog.getByRole('button', { name: messages.hearYourVoice });
  await expect(hear).toHaveAttribute('aria-pressed', 'false', { timeout: 15_000 });
  await hear.click();
  await expect(hear).toHaveAttribute('aria-pressed', 'true');
  // Playing, not merely pressed: the position moves past a second of the 11 s it learnt.
  const memoryPosition = dialog.getByRole('slider', { name: messages.voicePosition(messages.voiceWhatMemory) });
  await expect(memoryPosition).toHaveAttribute('aria-valuetext', messages.voicePositionSpoken('0:01', '0:11'), { timeout: 10_000 });
  await hear.click();
  await expect(hear).toHaveAttribute('aria-pressed', 'false');

  const play = dialog.getByRole('button', { name: messages.commentPlayVoice('Ada Lovelace') });
  await play.click();
  await expect(dialog.getByRole('button', { name: messages.commentPauseVoice('Ada Lovelace') })).toBeVisible();
  const commentPosition = dialog.getByRole('slider', { name: messages.voicePosition(messages.voiceWhatComment('Ada Lovelace')) });
  await expect(commentPosition).toHaveAttribute('aria-valuetext', messages.voicePositionSpoken('0:01', '0:11'), { timeout: 10_000 });
  await dialog.getByRole('button', { name: messages.commentPauseVoice('Ada Lovelace') }).click();
  await expect(play).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await shoot(page, 'safari-recording-comment', commentPosition);
});

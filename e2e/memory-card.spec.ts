// memories §2 "Memory card" and its delete confirmation, §8 delete toasts, as the Home
// spotlight shows the card.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Memory } from '../common/memories';
import { recordWebm, signUp } from './helpers';
import { messages } from '../common/messages';

const DELETE_TITLE = messages.deleteMemoryTitle;
const DELETE_DETAIL = messages.deleteMemoryDetail;

async function firstTimelineId(request: APIRequestContext): Promise<string> {
  const timelines = (await (await request.get('/api/timelines')).json()) as Array<{ id: string }>;
  if (timelines[0]) return timelines[0].id;
  const created = await request.post('/api/timelines', { data: { name: 'Family', color: '#3b82f6' } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function createMemory(
  request: APIRequestContext,
  fields: { title: string; content?: string; transcription?: string },
  images: Buffer[] = [],
): Promise<Memory> {
  const form = new FormData();
  form.append('title', fields.title);
  form.append('content', fields.content ?? '');
  form.append('transcription', fields.transcription ?? '');
  form.append('timelineIds', JSON.stringify([await firstTimelineId(request)]));
  form.append('sharedWith', '[]');
  images.forEach((image, index) => form.append('images', new Blob([new Uint8Array(image)], { type: 'image/png' }), `photo-${index}.png`));
  const response = await request.post('/api/memories', { multipart: form });
  expect(response.status()).toBe(201);
  return (await response.json()) as Memory;
}

async function listedIds(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/memories');
  expect(response.status()).toBe(200);
  return ((await response.json()) as Memory[]).map((memory) => memory.id);
}

const png = (background: string) => sharp({ create: { width: 320, height: 200, channels: 3, background } }).png().toBuffer();

/** Reveals the spotlight's memory (the only one the user has) and returns its card. */
async function revealCard(page: Page, title: string) {
  await page.goto('/');
  await page.getByRole('button', { name: messages.homeSpotlightReveal }).click();
  const card = page.getByRole('region', { name: messages.homeSpotlightTitle }).getByRole('article', { name: title });
  await expect(card).toBeVisible();
  return card;
}

test.describe('Memory card', () => {
  test("delete asks 'Are you sure?'; Cancel keeps the memory, Delete removes it with 'Memory deleted'", async ({ page }) => {
    await signUp(page);
    const memory = await createMemory(page.request, { title: 'The old boat', content: 'Grandpa rowed us across the lake.' });
    const card = await revealCard(page, 'The old boat');

    await card.getByRole('button', { name: messages.cardDeleteMemory('The old boat') }).click();
    const dialog = page.getByRole('dialog', { name: DELETE_TITLE, exact: true });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: DELETE_TITLE, exact: true })).toBeVisible();
    await expect(dialog.getByText(DELETE_DETAIL, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: messages.detailDelete, exact: true })).toBeVisible();

    await dialog.getByRole('button', { name: messages.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();
    expect(await listedIds(page.request)).toContain(memory.id);

    await card.getByRole('button', { name: messages.cardDeleteMemory('The old boat') }).click();
    await dialog.getByRole('button', { name: messages.detailDelete, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.memoryDeleted })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
    await expect(page.getByText(messages.noMemoriesYet)).toBeVisible();
    expect(await listedIds(page.request)).not.toContain(memory.id);
    expect((await page.request.get(`/api/memories/${memory.id}`)).status()).toBe(404);
  });

  test("a failed delete shows 'Error' / 'Failed to delete memory: {message}' and keeps the card", async ({ page }) => {
    await signUp(page);
    const memory = await createMemory(page.request, { title: 'Kept anyway', content: 'Still here.' });
    const card = await revealCard(page, 'Kept anyway');
    await page.route(`**/api/memories/${memory.id}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Storage is unavailable' }) })
        : route.fallback(),
    );

    await card.getByRole('button', { name: messages.cardDeleteMemory('Kept anyway') }).click();
    await page.getByRole('dialog', { name: DELETE_TITLE }).getByRole('button', { name: messages.detailDelete, exact: true }).click();
    const toast = page.getByRole('alert').filter({ hasText: `${messages.memoryDeleteFailed}: Storage is unavailable` });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(messages.errorTitle);
    await expect(card).toBeVisible();
    expect(await listedIds(page.request)).toContain(memory.id);
  });

  test("the full card shows the first photo with '+n', an 80-character snippet, the creator and 'View memory'", async ({ page }) => {
    await signUp(page, { displayName: 'Ada Lovelace' });
    const transcription = 'We drove to the coast at dawn, singing all the way, and Grandma brought her famous lemon cake for everyone.';
    const memory = await createMemory(
      page.request,
      { title: 'Seaside trip', content: 'Notes that lose to the transcription', transcription },
      [await png('#2e86de'), await png('#e67e22')],
    );
    expect(memory.images).toHaveLength(2);
    const card = await revealCard(page, 'Seaside trip');

    const photo = card.getByRole('img', { name: messages.cardPhotoFrom('Seaside trip') });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await expect(card.getByText('+1', { exact: true })).toBeVisible();
    await expect(card.getByText(messages.videoBadge, { exact: true })).toHaveCount(0);
    // memories §2: transcription first, cut to 80 characters.
    await expect(card.getByText(`${transcription.slice(0, 80).trimEnd()}...`, { exact: true })).toBeVisible();
    await expect(card.getByText('Notes that lose to the transcription')).toHaveCount(0);
    await expect(card.getByText(/^Today at \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
    await expect(card.getByText('Ada Lovelace', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: messages.viewMemory }).click();
    await expect(page.getByRole('dialog', { name: 'Seaside trip' })).toBeVisible();
  });
});

test.describe('Memory card video thumbnails', () => {
  /** Sends `video` through the direct-upload flow (memories §7) and answers its finalUrl. */
  async function uploadVideo(request: APIRequestContext, video: Buffer): Promise<string> {
    const ticket = await request.post('/api/upload/presigned-url', { data: { fileName: 'garden.webm', mimeType: 'video/webm' } });
    expect(ticket.status()).toBe(200);
    const { uploadUrl, finalUrl } = (await ticket.json()) as { uploadUrl: string; finalUrl: string };
    const sent = await request.put(uploadUrl, { data: video, headers: { 'content-type': 'video/webm' } });
    expect([200, 204]).toContain(sent.status());
    return finalUrl;
  }

  /** A memory of two stored videos; the first carries `frame` as its thumbnail when given. */
  async function createVideoMemory(request: APIRequestContext, video: Buffer, frame: Buffer | null): Promise<Memory> {
    const form = new FormData();
    form.append('title', 'Garden video');
    form.append('content', 'The children chasing bubbles.');
    form.append('timelineIds', JSON.stringify([await firstTimelineId(request)]));
    form.append('sharedWith', '[]');
    for (const url of [await uploadVideo(request, video), await uploadVideo(request, video)]) form.append('directVideoUrls', url);
    if (frame) form.append('directVideoThumbnails', new Blob([new Uint8Array(frame)], { type: 'image/png' }), 'thumbnail.png');
    const response = await request.post('/api/memories', { multipart: form });
    expect(response.status()).toBe(201);
    return (await response.json()) as Memory;
  }

  test('the stored thumbnailUrl is shown without decoding the video', async ({ page }) => {
    await signUp(page);
    const memory = await createVideoMemory(page.request, await recordWebm(page), await png('#8e44ad'));
    const thumbnailUrl = memory.videos[0]!.thumbnailUrl;
    expect(thumbnailUrl).toMatch(/^\/uploads\/videos\/.+-thumb\.webp$/);
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (memory.videos.some((video) => request.url().endsWith(video.url))) videoRequests.push(request.url());
    });
    const card = await revealCard(page, 'Garden video');

    const frame = card.getByRole('img', { name: messages.cardVideoFrom('Garden video') });
    await expect(frame).toHaveAttribute('src', thumbnailUrl!);
    await expect.poll(() => frame.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await expect(card.getByText(messages.videoBadge, { exact: true })).toBeVisible();
    await expect(card.getByText('+1', { exact: true })).toBeVisible();
    expect(videoRequests).toEqual([]);
  });

  test('without a thumbnailUrl the card captures a JPEG frame from the video', async ({ page }) => {
    await signUp(page);
    const memory = await createVideoMemory(page.request, await recordWebm(page), null);
    expect(memory.videos.map((video) => video.thumbnailUrl)).toEqual([null, null]);
    const card = await revealCard(page, 'Garden video');

    await expect(card.getByText(messages.videoBadge, { exact: true })).toBeVisible();
    await expect(card.getByText('+1', { exact: true })).toBeVisible();
    // memories §9: captured within the 3-second fallback at the latest, as a JPEG.
    const frame = card.getByRole('img', { name: messages.cardVideoFrom('Garden video') });
    await expect(frame).toHaveAttribute('src', /^data:image\/jpeg;base64,/, { timeout: 6_000 });
  });
});

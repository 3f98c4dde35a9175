// Memories and members made through the real API for the timeline page, spotlight and
// notification specs (memories §7: POST /api/memories is multipart).
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Memory } from '../common/memories';
import { signUp, uniqueEmail } from './helpers';
import { messages } from '../common/messages';

export async function createTimeline(request: APIRequestContext, name = 'Family'): Promise<string> {
  const created = await request.post('/api/timelines', { data: { name, color: '#3b82f6' } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

export const png = (background: string, width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

export async function createMemory(
  request: APIRequestContext,
  timelineId: string,
  fields: { title: string; content?: string; sharedWith?: string[]; transcription?: string },
  images: Buffer[] = [],
): Promise<Memory> {
  const form = new FormData();
  form.append('title', fields.title);
  form.append('content', fields.content ?? `All about ${fields.title}`);
  // The e2e server has no transcription service: the words come with the memory, as a typed one's do.
  if (fields.transcription !== undefined) form.append('transcription', fields.transcription);
  form.append('timelineIds', JSON.stringify([timelineId]));
  form.append('sharedWith', JSON.stringify(fields.sharedWith ?? []));
  images.forEach((image, index) => form.append('images', new Blob([new Uint8Array(image)], { type: 'image/png' }), `photo-${index}.png`));
  const response = await request.post('/api/memories', { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Memory;
}

/** PATCH /api/memories/{id} with JSON (memories §7): moves a memory to another date. */
export async function redate(request: APIRequestContext, memory: Memory, createdAt: Date): Promise<void> {
  const response = await request.patch(`/api/memories/${memory.id}`, {
    data: { title: memory.title, content: memory.content, transcription: memory.transcription, tags: memory.tags, createdAt: createdAt.toISOString() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function currentUserId(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/auth/user')).json()) as { id: string }).id;
}

/**
 * A second person, signed up in a browser of their own (or on `page`, a fresh one the spec
 * prepared), who joins the timeline by invite.
 */
export async function joinedMember(
  browser: Browser,
  owner: Page,
  timelineId: string,
  displayName: string,
  page?: Page,
): Promise<{ page: Page; id: string }> {
  page ??= await (await browser.newContext()).newPage();
  // The invite brings their first timeline, so none is made at sign-up.
  await signUp(page, { email: uniqueEmail('member'), displayName, firstTimeline: false });
  const invite = await owner.request.post(`/api/timelines/${timelineId}/invites`, { data: {} });
  expect(invite.status(), await invite.text()).toBeLessThan(300);
  const { id } = (await invite.json()) as { id: string };
  const accepted = await page.request.post(`/api/timeline-invite/${id}/accept`, { data: {} });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  // With a timeline now, onboarding no longer asks for one.
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: messages.setupFirstTimelineTitle })).toHaveCount(0);
  return { page, id: await currentUserId(page.request) };
}

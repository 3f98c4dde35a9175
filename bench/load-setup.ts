// What the mixed-load benchmark (bench/mixed-load.ts) prepares on a running server before it
// measures: the seeded family's sessions, photos to upload, and a month of real media for
// the archive, each through the API as the app sends it.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Memory } from '../common/memories.js';
import type { Member } from '../common/timelines.js';
import { random, SEED_EMAIL, SEED_PASSWORD } from './seed.js';
import { makeVideo, signIn } from './support.js';

async function api<T>(origin: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData);
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { cookie, origin, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

/**
 * A JPEG of `width`×`height` as a phone's would be to the encoder: a gradient under fine
 * grain, so it neither compresses to nothing nor is pure noise. Another `seed`, other bytes.
 */
export async function photoJpeg(width: number, height: number, seed: number): Promise<Buffer> {
  const next = random(seed + 1);
  const pixels = Buffer.alloc(width * height * 3);
  const tint = Math.floor(next() * 256);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grain = Math.floor(next() * 24);
      const i = (y * width + x) * 3;
      pixels[i] = ((x * 255) / width + grain) & 255;
      pixels[i + 1] = ((y * 255) / height + grain) & 255;
      pixels[i + 2] = (tint + ((x + y) >> 3) + grain) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

export interface Family {
  timelineId: string;
  memberIds: string[];
  /** `perMember` sessions of each member, interleaved, so handing them out in turn spreads the accounts. */
  cookies: string[];
}

/** Signs in every member of the seeded family (bench/seed.ts: one password for all) `perMember` times. */
export async function signInFamily(origin: string, perMember: number): Promise<Family> {
  const first = await signIn(origin, SEED_EMAIL, SEED_PASSWORD);
  const timelines = await api<{ id: string; name: string }[]>(origin, first, 'GET', '/api/timelines');
  const timeline = timelines.find((entry) => entry.name === 'Our Family');
  if (!timeline) throw new Error('the seeded timeline "Our Family" is missing');
  const members = await api<Member[]>(origin, first, 'GET', `/api/timelines/${timeline.id}/members`);
  const cookies: string[] = [];
  for (let round = 0; round < perMember; round++) {
    for (const member of members) cookies.push(round === 0 && member.email === SEED_EMAIL ? first : await signIn(origin, member.email, SEED_PASSWORD));
  }
  return { timelineId: timeline.id, memberIds: members.map((member) => member.id), cookies };
}

export interface MonthPlan {
  month: string;
  memories: number;
  videoBytes: number;
  photosPerMemory: number;
}

/**
 * Files `plan.memories` memories in `plan.month`, each with one video (the direct-upload
 * flow: ticket, PUT, then the form naming it) and its photos, then moves each to a day of
 * that month (PATCH createdAt). Answers the bytes of media the month's memories now hold,
 * as the API lists them.
 */
export async function fillMonth(origin: string, cookie: string, family: Family, plan: MonthPlan, photos: Buffer[], work: string): Promise<number> {
  for (let index = 0; index < plan.memories; index++) {
    const videoPath = join(work, `month-video-${index + 1}.mp4`);
    await makeVideo(videoPath, plan.videoBytes, index);
    const ticket = await api<{ uploadUrl: string; finalUrl: string }>(origin, cookie, 'POST', '/api/upload/presigned-url', {
      fileName: `video-${index + 1}.mp4`,
      mimeType: 'video/mp4',
    });
    const put = await fetch(new URL(ticket.uploadUrl, origin), { method: 'PUT', body: readFileSync(videoPath), headers: { 'content-type': 'video/mp4' } });
    if (!put.ok) throw new Error(`the video upload answered ${put.status}: ${await put.text()}`);
    rmSync(videoPath);
    const form = new FormData();
    form.append('title', `A day in the month we archive #${index + 1}`);
    form.append('content', 'We filmed the whole afternoon and took pictures of everyone.');
    form.append('timelineIds', JSON.stringify([family.timelineId]));
    form.append('sharedWith', JSON.stringify(family.memberIds));
    form.append('directVideoUrls', ticket.finalUrl);
    for (let photo = 0; photo < plan.photosPerMemory; photo++) {
      const bytes = photos[(index * plan.photosPerMemory + photo) % photos.length]!;
      form.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `IMG_${index + 1}_${photo + 1}.jpg`);
    }
    const memory = await api<Memory>(origin, cookie, 'POST', '/api/memories', form);
    await api(origin, cookie, 'PATCH', `/api/memories/${memory.id}`, { createdAt: `${plan.month}-${String(index + 1).padStart(2, '0')}T12:00:00.000Z` });
  }
  // Every file the month's memories hold, as served: what the archive must carry at the least.
  const [year, month] = plan.month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 1, 1)).toISOString();
  const end = new Date(Date.UTC(year, month, 1) - 1).toISOString();
  const inMonth = await api<Memory[]>(origin, cookie, 'GET', `/api/bulk-download/memories?start=${start}&end=${end}`);
  const urls = inMonth.flatMap((memory) => [...memory.images.flatMap((image) => [image.originalUrl]), ...memory.videos.map((video) => video.url)]);
  let bytes = 0;
  for (const url of urls) {
    const response = await fetch(new URL(url, origin), { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    bytes += (await response.arrayBuffer()).byteLength;
  }
  return bytes;
}

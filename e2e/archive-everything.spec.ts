// Issue 25 "Download everything" end to end, against the real server and its job: Ada, with a
// memory holding a photo, her voice and a comment, opens her profile (the section says what the
// archive is, and that she has none), makes her archive and waits for it to be ready (its size,
// what it holds and the day), downloads it through the browser's own download, unzips it, reads
// the bag's declaration and data/heirloom.json, then opens data/index.html by file:// in the
// same browser, with no server, and finds her memory there with its photo drawn and a player for
// her voice. The file answers a Range request (a dropped download resumes); Delete asks first.
// The section is shot at phone and desktop size in each state ("shots" in the test's output).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { ArchiveHeader } from '../common/archive-format';
import type { EverythingArchive, EverythingArchiveList } from '../common/everything-archive';
import type { Memory } from '../common/memories';
import { messages } from '../common/messages';
import { sizeInWords } from '../web/src/features/books/bookSize';
import { expectToast, expectTouchTarget, phone, recordVoice, seriousViolations, shoot, signedInWithTimeline } from './helpers';
import { png } from './memory-fixtures';

const FAMILY = 'The Lovelace Family';
const TITLE = 'Grandpa sings by the sea';
const COMMENT = 'I remember that song from every summer.';

/** A memory on the timeline with a photo and a voice, through the API the wizard uses. */
async function saveMemory(page: Page, timelineId: string): Promise<Memory> {
  const form = new FormData();
  form.append('title', TITLE);
  form.append('content', 'He sang the song his mother taught him, standing in the waves.');
  form.append('timelineIds', JSON.stringify([timelineId]));
  form.append('images', new Blob([new Uint8Array(await png('#2e86de', 640, 480))], { type: 'image/png' }), 'sea.png');
  form.append('audio', new Blob([new Uint8Array(await recordVoice(page))], { type: 'audio/webm' }), 'voice.webm');
  const created = await page.request.post('/api/memories', { multipart: form });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Memory;
}

async function archivesOf(page: Page): Promise<EverythingArchive[]> {
  const response = await page.request.get('/api/archives');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as EverythingArchiveList).archives;
}

/** The bag's folder inside what was unzipped: the zip holds one folder (RFC 8493 §4.2 serialisation). */
function bagFolder(unzipped: string): string {
  const [folder, ...others] = readdirSync(unzipped);
  expect(others, 'one folder in the zip').toEqual([]);
  return join(unzipped, folder!);
}

test.use({ viewport: phone, isMobile: true, hasTouch: true });

test('a person makes the archive of everything on their profile, downloads it, and reads it with no server', async ({ page }) => {
  test.setTimeout(180_000);
  await signedInWithTimeline(page, { displayName: 'Ada Lovelace', timelineName: FAMILY });
  const timelines = (await (await page.request.get('/api/timelines')).json()) as { id: string; name: string }[];
  const memory = await saveMemory(page, timelines.find((timeline) => timeline.name === FAMILY)!.id);
  const commented = await page.request.post(`/api/memories/${memory.id}/comments`, { multipart: { content: COMMENT } });
  expect(commented.status(), await commented.text()).toBe(201);

  // The profile's section: what it is, and none made yet.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: messages.everythingTitle });
  await expect(section.getByText(messages.everythingIntro)).toBeVisible();
  await expect(section.getByText(messages.everythingNone)).toBeVisible();
  const make = section.getByRole('button', { name: messages.everythingMake });
  await expectTouchTarget(make);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'everything-none', section);

  // Made: the progress while the job works (one memory may be done before a shot), then ready.
  await make.click();
  await expectToast(page, messages.everythingStarted, messages.everythingStartedDetail);
  const download = section.getByRole('link', { name: textStart(messages.everythingDownload) });
  const progress = section.getByRole('progressbar', { name: messages.everythingProgressLabel });
  await expect(progress.or(download)).toBeVisible();
  if (await progress.isVisible()) {
    // The words on screen (a paragraph), not their copy in the live region for screen readers.
    await expect(section.locator('p', { hasText: /^(Waiting to start…|Gathering your memories…) \d+%$/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('shots', 'everything-progress-phone.png') });
  }
  await expect(download).toBeVisible({ timeout: 120_000 });
  await expect(progress).toBeHidden();
  const [made] = await archivesOf(page);
  expect(made).toMatchObject({ status: 'ready', progress: 100, counts: { memories: 1 } });
  // Its size, what it holds and the day, as the page says them.
  await expect(download).toHaveAccessibleName(messages.everythingDownloadNamed(sizeInWords(made!.bytes!)));
  await expect(section.getByText(sizeInWords(made!.bytes!), { exact: false })).toBeVisible();
  await expect(section.getByText(messages.everythingCounts(1, made!.counts!.files), { exact: false })).toBeVisible();
  expect(made!.counts!.files).toBeGreaterThanOrEqual(2);
  await expect(section.getByText(/Made on [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  for (const control of [download, section.getByRole('button', { name: messages.everythingMakeAgain }), section.getByRole('button', { name: messages.everythingDeleteNamed })]) {
    await expectTouchTarget(control);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'everything-ready', section);

  // The file answers a Range request, so the browser's download manager resumes a dropped one.
  const start = await page.request.get(`/api/archives/${made!.id}/file`, { headers: { Range: 'bytes=0-3' } });
  expect(start.status()).toBe(206);
  expect((await start.body()).toString('latin1')).toBe('PK\x03\x04');

  // Downloaded by the browser itself, under the server's name.
  const saving = page.waitForEvent('download');
  await download.click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe(made!.fileName);
  const zip = test.info().outputPath('archive.zip');
  await saved.saveAs(zip);
  const unzipped = test.info().outputPath('unzipped');
  execFileSync('unzip', ['-q', zip, '-d', unzipped]);
  const bag = bagFolder(unzipped);
  expect(readFileSync(join(bag, 'bagit.txt'), 'utf8')).toMatch(/^BagIt-Version: 1\.0\r?\nTag-File-Character-Encoding: UTF-8\r?\n$/);
  const header = JSON.parse(readFileSync(join(bag, 'data', 'heirloom.json'), 'utf8')) as ArchiveHeader;
  expect(header).toMatchObject({ format: 'heirloom-archive', version: 1, exportedBy: { displayName: 'Ada Lovelace' }, counts: { memories: 1, comments: 1 } });

  // Opened from the folder in the same browser, with no server: the index names the memory, and
  // its page draws the photo, has a player for the voice and shows the comment.
  const reader = await page.context().newPage();
  const asked: string[] = [];
  reader.on('request', (request) => asked.push(request.url()));
  await reader.goto(pathToFileURL(join(bag, 'data', 'index.html')).href);
  const entry = reader.getByRole('link', { name: TITLE });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(reader.getByRole('heading', { name: TITLE })).toBeVisible();
  const photo = reader.locator('main img').first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(640);
  await expect(reader.locator('audio')).toHaveCount(1);
  await expect(reader.getByText(COMMENT)).toBeVisible();
  expect(asked.filter((url) => !url.startsWith('file://')), 'nothing asked of a server').toEqual([]);
  await reader.screenshot({ path: test.info().outputPath('shots', 'archive-memory-page.png'), fullPage: true });
  await reader.close();

  // Delete asks first; then the section offers to make one again.
  await section.getByRole('button', { name: messages.everythingDeleteNamed }).click();
  const confirm = page.getByRole('dialog', { name: messages.everythingDeleteTitle });
  await expect(confirm.getByText(messages.everythingDeleteDetail)).toBeVisible();
  expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
  await shoot(page, 'everything-delete-confirm');
  await confirm.getByRole('button', { name: messages.everythingDelete }).click();
  await expect(section.getByRole('button', { name: messages.everythingMake })).toBeVisible();
  await expect(page.getByRole('heading', { name: messages.everythingTitle })).toBeFocused();
  expect(await archivesOf(page)).toEqual([]);
  await expect(page).toHaveURL(/\/profile$/);
});

/** A worded text's start, as a pattern (the size after it differs from run to run). */
function textStart(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

// Issue 24 "Tests: e2e: make a book at phone size and download it", against the real server
// and its renderer: Ada, with a timeline holding a few memories with photos (one told by voice),
// opens My books from the side menu (empty, saying what a book is), makes a book from the side
// menu's Make a book with the dialog's defaults and a cover she picks, watches My books show it
// being made and then ready with its pages, downloads it (a PDF whose page count pdfinfo reads
// as My books says), and stops the voice memory's listen codes from its detail. Each screen is
// also shot at phone and desktop size (the test's output folder, "shots").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Book } from '../common/books';
import type { Memory } from '../common/memories';
import { messages } from '../common/messages';
import { desktop, expectToast, expectTouchTarget, phone, recordVoice, seriousViolations, shoot, signedInWithTimeline } from './helpers';
import { png } from './memory-fixtures';

const FAMILY = 'The Lovelace Family';

/** A memory on the timeline with its photo (and a voice), through the API the wizard uses. */
async function saveMemory(page: Page, timelineId: string, title: string, content: string, photo: Buffer, voice?: Buffer): Promise<Memory> {
  const form = new FormData();
  form.append('title', title);
  form.append('content', content);
  form.append('timelineIds', JSON.stringify([timelineId]));
  form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/png' }), `${title}.png`);
  if (voice) form.append('audio', new Blob([new Uint8Array(voice)], { type: 'audio/webm' }), 'voice.webm');
  const created = await page.request.post('/api/memories', { multipart: form });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Memory;
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: messages.shellOpenMenu }).click();
  return page.getByRole('dialog', { name: messages.menuTitle });
}

test.use({ viewport: phone, isMobile: true, hasTouch: true });

test('a family makes a book at phone size, watches it being made and downloads the PDF', async ({ page }) => {
  test.setTimeout(240_000);
  await signedInWithTimeline(page, { displayName: 'Ada Lovelace', timelineName: FAMILY });
  const timelines = (await (await page.request.get('/api/timelines')).json()) as { id: string; name: string }[];
  const timelineId = timelines.find((timeline) => timeline.name === FAMILY)!.id;
  await saveMemory(page, timelineId, 'The day we moved in', 'Boxes everywhere, and the kettle was the first thing we found.', await png('#c0392b', 1200, 800));
  const voiced = await saveMemory(page, timelineId, 'Grandpa sings', 'He sang the song his mother taught him.', await png('#2e86de', 1200, 900), await recordVoice(page));
  await saveMemory(page, timelineId, 'Snow in April', 'Nobody believed it until they looked outside.', await png('#27ae60', 900, 1200));

  // My books, from the menu: nothing yet, and words saying what a book is.
  await (await openMenu(page)).getByRole('link', { name: messages.menuMyBooks }).click();
  await expect(page).toHaveURL(/\/books$/);
  await expect(page.getByText(messages.myBooksEmpty)).toBeVisible();
  await expect(page.getByText(messages.myBooksEmptyDetail)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'books-empty');

  // Make a book, from the menu: the defaults, said in words.
  await (await openMenu(page)).getByRole('button', { name: messages.menuMakeBook }).click();
  const dialog = page.getByRole('dialog', { name: messages.makeBookTitle });
  await expect(dialog.getByRole('combobox', { name: messages.bookTimelineLabel })).toHaveValue(timelineId);
  await expect(dialog.getByRole('textbox', { name: messages.bookTitleLabel })).toHaveValue(FAMILY);
  await expect(dialog.getByText(/^Memories dated from .+ to .+\.$/)).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: messages.bookIncludeComments })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: messages.bookListenCodes })).toBeChecked();
  await expect(dialog.getByText(messages.bookListenCodesHint)).toBeVisible();
  expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
  await shoot(page, 'make-book-dialog');

  // A cover of her choosing, with the keyboard: the arrow keys move along the photos.
  await dialog.getByRole('button', { name: messages.bookCoverChoose }).click();
  const covers = dialog.getByRole('group', { name: messages.bookCoverLabel });
  const first = covers.getByRole('radio', { name: messages.bookCoverFirst });
  await expect(first).toBeChecked();
  await expect(covers.getByRole('radio')).toHaveCount(4);
  await first.focus();
  await page.keyboard.press('ArrowDown');
  const picked = covers.getByRole('radio', { name: messages.bookCoverPhoto('Snow in April', 1) });
  await expect(picked).toBeChecked();
  await expect(picked).toBeFocused();
  expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
  await shoot(page, 'make-book-cover', covers);

  await dialog.getByRole('button', { name: messages.bookMake }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/books$/);

  // Being made: a progress bar with its percentage, then ready with its pages and Download.
  const book = page.getByRole('article', { name: FAMILY });
  // The focus (and a screen reader) is taken to the book just asked for.
  await expect(book.getByRole('heading', { name: FAMILY, level: 2 })).toBeFocused();
  const progress = book.getByRole('progressbar', { name: messages.bookProgressLabel(FAMILY) });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/);
  await page.screenshot({ path: test.info().outputPath('shots', 'books-progress-phone.png') });
  await page.setViewportSize(desktop);
  await page.screenshot({ path: test.info().outputPath('shots', 'books-progress-desktop.png') });
  await page.setViewportSize(phone);
  const download = book.getByRole('link', { name: messages.bookDownloadNamed(FAMILY) });
  await expect(download).toBeVisible({ timeout: 120_000 });
  await expect(progress).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: messages.bookReadyAnnounced(FAMILY) })).toBeAttached();
  const [made] = ((await (await page.request.get('/api/books')).json()) as { books: Book[] }).books;
  expect(made).toMatchObject({ status: 'ready', title: FAMILY, memories: 3 });
  await expect(book.getByText(messages.bookPagesAndSize(made!.pages!, ''), { exact: false })).toBeVisible();
  await expectTouchTarget(download);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'books-ready');

  // Download: the browser saves the PDF itself, and pdfinfo reads the pages My books said.
  const saving = page.waitForEvent('download');
  await download.click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toMatch(/\.pdf$/);
  const path = test.info().outputPath('book.pdf');
  await saved.saveAs(path);
  expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  expect(Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1])).toBe(made!.pages);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  for (const title of ['The day we moved in', 'Grandpa sings', 'Snow in April']) expect(text).toContain(title);

  // The timeline page offers Make a book too, beside its day filter.
  await page.goto('/timeline');
  await expect(page.getByRole('button', { name: messages.makeBook })).toBeVisible();
  await shoot(page, 'timeline-make-book');

  // The teller stops the voice memory's printed codes from its detail.
  await page.goto(`/timeline?memoryId=${voiced.id}`);
  const detail = page.getByRole('dialog', { name: 'Grandpa sings' });
  const stop = detail.getByRole('button', { name: messages.stopListenCodes });
  await shoot(page, 'memory-stop-codes', stop);
  await stop.click();
  const confirm = page.getByRole('dialog', { name: messages.stopListenCodesTitle });
  await expect(confirm.getByText(messages.stopListenCodesDetail)).toBeVisible();
  expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
  await shoot(page, 'stop-codes-confirm');
  await confirm.getByRole('button', { name: messages.stopListenCodesConfirm }).click();
  await expectToast(page, messages.listenCodesStopped, messages.listenCodesStoppedDetail);
});

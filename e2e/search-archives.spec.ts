// issue 10: memories §2 "Search Memories dialog" and "Bulk Download Memories dialog", §5, §7,
// §8 against the real server in Chromium, at phone size and on a desktop. Search finds a
// memory by a word of its transcription and opens it in the detail dialog; a broad word's
// results come a page at a time, by 'More results' or as the list's end comes near; the memory's
// Download and a month's Download All are saved and unzip to the entries §7 lists. Both
// dialogs pass axe and the issue 9 legibility audit.
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import yauzl from 'yauzl';
import { SEARCH_PAGE_SIZE } from '../common/limits';
import type { Memory } from '../common/memories';
import { expectToast, seriousViolations, shoot, signedInWithTimeline } from './helpers';
import { findSidewaysScrolling, findSmallThings } from './legibility-audit';
import { createMemory, png } from './memory-fixtures';
import { messages } from '../common/messages';

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
];

/** Every entry of a zip, by name. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

async function savedEntries(download: Download): Promise<Map<string, Buffer>> {
  return unzip(await readFile((await download.path())!));
}

/** memories §7: what one memory's archive holds; its photo under media/images. */
async function expectMemoryArchive(entries: Map<string, Buffer>, memory: Memory, { withImage }: { withImage: boolean }) {
  const metadata = JSON.parse(entries.get('metadata.json')!.toString('utf8')) as { memory: { id: string; title: string; transcription: string } };
  expect(metadata.memory).toMatchObject({ id: memory.id, title: memory.title, transcription: memory.transcription });
  expect(entries.get('memory_content.txt')!.toString('utf8')).toContain(memory.title);
  const images = [...entries.keys()].filter((name) => name.startsWith('media/images/') && !name.endsWith('/'));
  expect(images).toHaveLength(withImage ? 1 : 0);
}

/** The legibility audit (issue 9) and axe (DESIGN "Tests") on an open dialog. */
async function expectReadable(page: Page, dialog: Locator) {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await findSmallThings(page, dialog)).toMatchObject({ smallControls: [], smallText: [], smallBodyText: [] });
  expect(await findSidewaysScrolling(page)).toEqual([]);
}

/** Picks a day in an open date picker: its button is named 'D MMMM YYYY'. */
async function pickDay(page: Page, field: Locator, day: Date) {
  await field.click();
  const name = `${day.getDate()} ${day.toLocaleString('en-US', { month: 'long' })} ${day.getFullYear()}`;
  await page.getByRole('button', { name, exact: true }).click();
  // The calendar closes with a transition: the next picker's calendar would otherwise show
  // the same day buttons beside this one's.
  await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
}

for (const size of sizes) {
  test.describe(`Search and archives (${size.name})`, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });

    test('search finds a memory by a word of its transcription, opens it, and its Download saves its zip', async ({ page }) => {
      await signedInWithTimeline(page);
      const [timeline] = (await (await page.request.get('/api/timelines')).json()) as Array<{ id: string }>;
      const garden = await createMemory(
        page.request,
        timeline!.id,
        { title: 'Sunday in the garden', content: 'Notes about the beds.', transcription: 'We planted sunflowers with grandmother Rosalind.' },
        [await png('#4caf50')],
      );
      await createMemory(page.request, timeline!.id, { title: 'Beach day', content: 'Sand everywhere.' });

      await page.getByRole('button', { name: messages.shellSearchMemories }).click();
      const search = page.getByRole('dialog', { name: messages.searchTitle });
      const box = search.getByRole('searchbox', { name: messages.searchLabel });
      await expect(box).toBeFocused();
      await expect(search.getByText(messages.searchHint)).toBeVisible();

      // memories §5: a substring of a transcription word, any case.
      await box.fill('ROSA');
      const results = search.getByRole('list', { name: messages.searchResults });
      await expect(results.getByRole('button')).toHaveCount(1);
      await expect(results.getByRole('button', { name: /Sunday in the garden/ })).toBeVisible();
      await expect(results.locator('mark')).toHaveText(['Rosa']);
      await expect(search.getByText(messages.searchResultCount(1))).toBeVisible();
      await expectReadable(page, search);

      await box.fill('snowstorm');
      await expect(search.getByText(messages.searchNoResults)).toBeVisible();

      // The keyboard way: down from the text box to the result, Enter opens it.
      await box.fill('rosalind');
      await expect(results.getByRole('button', { name: /Sunday in the garden/ })).toBeVisible();
      await box.press('ArrowDown');
      await expect(results.getByRole('button', { name: /Sunday in the garden/ })).toBeFocused();
      await page.keyboard.press('Enter');
      const detail = page.getByRole('dialog', { name: 'Sunday in the garden' });
      await expect(detail.getByText('We planted sunflowers with grandmother Rosalind.')).toBeVisible();

      // memories §7: the memory's zip, named memory_{id}_{title}_{yyyy_MM_dd_HHmm}.zip.
      const saved = page.waitForEvent('download');
      await detail.getByRole('group', { name: messages.detailActions }).getByRole('button', { name: messages.downloadMemory }).click();
      const download = await saved;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^memory_${garden.id}_sunday_in_the_garden_\\d{4}_\\d{2}_\\d{2}_\\d{4}\\.zip$`));
      await expectToast(page, messages.downloadComplete);
      const entries = await savedEntries(download);
      await expectMemoryArchive(entries, garden, { withImage: true });
      expect(entries.get('memory_content.txt')!.toString('utf8')).toContain('We planted sunflowers with grandmother Rosalind.');

      // Escape closes only the memory: the results are still there, focus on the one chosen.
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();
      await expect(search).toBeVisible();
      await expect(results.getByRole('button', { name: /Sunday in the garden/ })).toBeFocused();

      // The filters: on a phone folded behind 'Filters', so the first result shows beside the box.
      await box.fill('day');
      await expect(results.getByRole('button')).toHaveCount(2);
      const withImages = search.getByRole('switch', { name: messages.searchWithImages });
      // Named 'Filters' until one is on, then 'Filters (1 on)'.
      const filtersButton = search.getByRole('button', { name: new RegExp(`^${messages.searchFilters}`) });
      if (size.name === 'phone') {
        await expect(search.getByText(messages.searchDates, { exact: true })).toBeHidden();
        await expect(withImages).toBeHidden();
        const firstResult = await results.getByRole('button').first().boundingBox();
        expect(firstResult!.y + firstResult!.height).toBeLessThanOrEqual(size.viewport.height);
        await expect(filtersButton).toHaveAttribute('aria-expanded', 'false');
        await expect(filtersButton).toHaveAccessibleName(messages.searchFilters);
        await filtersButton.click();
        await expect(filtersButton).toHaveAttribute('aria-expanded', 'true');
      } else {
        await expect(filtersButton).toHaveCount(0);
      }
      await withImages.check();
      await expect(results.getByRole('button')).toHaveCount(1);
      await expect(results.getByRole('button', { name: /Sunday in the garden/ })).toBeVisible();
      if (size.name === 'phone') {
        // Folded again, the button says a filter still narrows the results.
        await filtersButton.click();
        await expect(withImages).toBeHidden();
        await expect(filtersButton).toHaveAccessibleName(messages.searchFiltersOn(1));
        await expect(filtersButton).toHaveAttribute('aria-expanded', 'false');
        await expect(results.getByRole('button')).toHaveCount(1);
        await expectReadable(page, search);
        await shoot(page, `search-filters-folded-${size.name}`);
      }
    });

    test(`a broad word's results come ${SEARCH_PAGE_SIZE} at a time: 'More results' and scrolling bring the rest, and the count says 'so far' until the last`, async ({ page }) => {
      await signedInWithTimeline(page);
      const [timeline] = (await (await page.request.get('/api/timelines')).json()) as Array<{ id: string }>;
      const total = SEARCH_PAGE_SIZE + 3;
      for (let n = 1; n <= total; n++) {
        await createMemory(page.request, timeline!.id, { title: `Picnic ${n}`, content: 'A basket of plums under the walnut tree.' });
      }

      await page.getByRole('button', { name: messages.shellSearchMemories }).click();
      const search = page.getByRole('dialog', { name: messages.searchTitle });
      const box = search.getByRole('searchbox', { name: messages.searchLabel });
      const results = search.getByRole('list', { name: messages.searchResults }).getByRole('button');
      const more = search.getByRole('button', { name: messages.searchMoreResults });

      // The keyboard way: the first page, counted 'so far'; reaching 'More results' brings the
      // rest, the exact count, and the focus on the first result it brought.
      await box.fill('plums');
      await expect(search.getByText(messages.searchResultCountMore(SEARCH_PAGE_SIZE))).toBeVisible();
      await expect(results).toHaveCount(SEARCH_PAGE_SIZE);
      await expect(more).toBeVisible();
      await shoot(page, `search-results-so-far-${size.name}`);
      await expectReadable(page, search);
      await more.focus();
      await expect(search.getByText(messages.searchResultCount(total))).toBeVisible();
      await expect(results).toHaveCount(total);
      await expect(more).toHaveCount(0);
      await expect(results.nth(SEARCH_PAGE_SIZE)).toBeFocused();
      // The arrows go on across the pages.
      await page.keyboard.press('ArrowUp');
      await expect(results.nth(SEARCH_PAGE_SIZE - 1)).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(results.nth(SEARCH_PAGE_SIZE + 1)).toBeFocused();

      // Scrolling: the end of the list coming near asks for the next page by itself.
      await box.fill('walnut');
      await expect(search.getByText(messages.searchResultCountMore(SEARCH_PAGE_SIZE))).toBeVisible();
      await expect(results).toHaveCount(SEARCH_PAGE_SIZE);
      await results.last().scrollIntoViewIfNeeded();
      await expect(results).toHaveCount(total);
      await expect(search.getByText(messages.searchResultCount(total))).toBeVisible();
      await expect(more).toHaveCount(0);
    });

    test("Download All saves the month's archive, one memory archive inside for each memory", async ({ page }) => {
      await signedInWithTimeline(page);
      const [timeline] = (await (await page.request.get('/api/timelines')).json()) as Array<{ id: string }>;
      const garden = await createMemory(
        page.request,
        timeline!.id,
        { title: 'Sunday in the garden', transcription: 'We planted sunflowers with grandmother Rosalind.' },
        [await png('#4caf50')],
      );
      const beach = await createMemory(page.request, timeline!.id, { title: 'Beach day', content: 'Sand everywhere.' });

      await page.getByRole('button', { name: messages.shellOpenMenu }).click();
      await page.getByRole('button', { name: messages.menuDownload }).click();
      const dialog = page.getByRole('dialog', { name: messages.bulkDownloadTitle });
      const start = dialog.getByRole('button', { name: messages.bulkStartDate });
      await expect(start).toBeFocused();
      await expect(dialog.getByRole('button', { name: messages.bulkDownloadAll })).toBeDisabled();
      await expectReadable(page, dialog);

      const today = new Date(garden.createdAt);
      await pickDay(page, start, new Date(today.getFullYear(), today.getMonth(), 1));
      await pickDay(page, dialog.getByRole('button', { name: messages.bulkEndDate }), today);
      await expect(dialog.getByText(messages.bulkPreviewCount(2, 1))).toBeVisible();
      const preview = dialog.getByRole('region', { name: messages.bulkPreviewLabel });
      await expect(preview.getByText('Sunday in the garden')).toBeVisible();
      await expect(preview.getByText('Beach day')).toBeVisible();
      await expectReadable(page, dialog);

      // memories §7: {family}_memories_{yyyy_MM}_{Month_Year}.zip, 'family' without a family name.
      const month = String(today.getMonth() + 1).padStart(2, '0');
      const monthName = today.toLocaleString('en-US', { month: 'long' });
      const saved = page.waitForEvent('download');
      await dialog.getByRole('button', { name: messages.bulkDownloadAll }).click();
      const download = await saved;
      expect(download.suggestedFilename()).toBe(`family_memories_${today.getFullYear()}_${month}_${monthName}_${today.getFullYear()}.zip`);
      await expectToast(page, messages.downloadComplete, messages.bulkDownloadCompleteDetail);

      const inner = [...(await savedEntries(download))].filter(([name]) => name.endsWith('.zip'));
      expect(inner.map(([name]) => name.split('_')[1]).sort()).toEqual([garden.id, beach.id].sort());
      for (const [name, bytes] of inner) {
        const memory = name.includes(garden.id) ? garden : beach;
        await expectMemoryArchive(await unzip(bytes), memory, { withImage: memory === garden });
      }
    });
  });
}

// memories §2 "Timeline page": months 'MMMM yyyy' newest first, memories newest first,
// entries alternating right and left, the calendar's one-day filter and 'Clear Date', the
// full-screen image viewer by keyboard, pages of 20 as the person scrolls, the empty state.
import { expect, test } from '@playwright/test';
import { seriousViolations, signUp } from './helpers';
import { createMemory, createTimeline, png, redate } from './memory-fixtures';
import { messages } from '../common/messages';

/** The spec's own timeline is made through the API, so it is the person's only (and active) one. */
const FIRST_TIMELINE_BY_API = { firstTimeline: false } as const;

const monthHeading = (date: Date) => `${date.toLocaleString('en-US', { month: 'long' })} ${date.getFullYear()}`;
const dayName = (date: Date) => date.toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric' });

test.describe('Timeline page', () => {
  test.describe.configure({ timeout: 120_000 });

  test("groups memories under 'MMMM yyyy', newest first, alternating sides; the calendar filters one day and 'Clear Date' restores", async ({ page }) => {
    await signUp(page, FIRST_TIMELINE_BY_API);
    const timelineId = await createTimeline(page.request, 'Lovelace Family');
    const dated: Array<[string, Date]> = [
      ['Winter walk', new Date(2024, 0, 15, 12)],
      ['Spring picnic', new Date(2024, 2, 10, 12)],
      ['Spring rain', new Date(2024, 2, 20, 9)],
    ];
    for (const [title, date] of dated) await redate(page.request, await createMemory(page.request, timelineId, { title }), date);
    await createMemory(page.request, timelineId, { title: 'Breakfast today' });

    await page.goto('/timeline');
    await expect(page.getByRole('heading', { level: 1, name: 'Lovelace Family' })).toBeVisible();
    const months = page.getByRole('heading', { level: 2 });
    await expect(months).toHaveText([monthHeading(new Date()), 'March 2024', 'January 2024']);
    const entries = page.getByRole('main').getByRole('article');
    await expect(entries).toHaveCount(4);
    expect(await entries.evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')))).toEqual([
      'Breakfast today',
      'Spring rain',
      'Spring picnic',
      'Winter walk',
    ]);
    expect(await page.locator('li[data-side]').evaluateAll((items) => items.map((item) => item.getAttribute('data-side')))).toEqual([
      'right',
      'left',
      'right',
      'left',
    ]);
    expect(await seriousViolations(page), 'timeline page').toEqual([]);

    // The calendar: only days with memories can be clicked, never a future day.
    await page.getByRole('button', { name: messages.dayFilter }).click();
    // The popover is a dialog named by the button that opens it.
    const calendar = page.getByRole('dialog', { name: messages.dayFilter });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByRole('button', { name: messages.datesNextYear })).toBeDisabled();
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    if (tomorrow.getMonth() === new Date().getMonth()) await expect(calendar.getByRole('button', { name: dayName(tomorrow), exact: true })).toBeDisabled();
    expect(await seriousViolations(page), 'calendar').toEqual([]);

    const thisYear = new Date().getFullYear();
    for (let year = thisYear; year > 2024; year -= 1) await calendar.getByRole('button', { name: messages.datesPreviousYear }).click();
    await expect(calendar.getByTestId('calendar-year')).toHaveText('2024');
    for (let month = Math.min(new Date().getMonth(), 11); month > 2; month -= 1) await calendar.getByRole('button', { name: messages.datesPreviousMonth }).click();
    await expect(calendar.getByRole('button', { name: 'March 11, 2024', exact: true })).toBeDisabled();
    await calendar.getByRole('button', { name: messages.dayWithMemories('March 10, 2024') }).click();
    await expect(calendar).toBeHidden();
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toHaveAccessibleName('Spring picnic');
    await expect(months).toHaveText(['March 2024']);

    await page.getByRole('button', { name: messages.dayFilterChosen('March 10, 2024') }).click();
    await calendar.getByRole('button', { name: messages.clearDate }).click();
    await expect(entries).toHaveCount(4);
    await expect(page.getByRole('button', { name: messages.dayFilter, exact: true })).toBeVisible();
  });

  test("the image viewer works by keyboard alone: 'n of total', arrows, wrap-around, halves, Escape", async ({ page }) => {
    await signUp(page, FIRST_TIMELINE_BY_API);
    const timelineId = await createTimeline(page.request);
    await createMemory(page.request, timelineId, { title: 'Beach day' }, await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((colour) => png(colour))));

    await page.goto('/timeline');
    const first = page.getByRole('button', { name: messages.timelineViewPhoto(1, 3, 'Beach day') });
    await first.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: messages.imageViewerTitle('Beach day') });
    await expect(viewer).toBeVisible();
    const counter = viewer.getByTestId('image-counter');
    await expect(counter).toHaveText(messages.imageViewerCounter(1, 3));
    await expect(viewer.getByRole('button', { name: messages.imageViewerClose })).toBeFocused();
    await expect(viewer.getByRole('img', { name: messages.imageViewerPhoto(1, 3, 'Beach day') })).toBeVisible();

    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(messages.imageViewerCounter(2, 3));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(messages.imageViewerCounter(1, 3));
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText(messages.imageViewerCounter(3, 3));
    await expect(viewer.getByRole('img', { name: messages.imageViewerPhoto(3, 3, 'Beach day') })).toBeVisible();

    // Clicks on the left and right halves of the screen.
    const size = page.viewportSize()!;
    await page.mouse.click(size.width * 0.25, size.height / 2);
    await expect(counter).toHaveText(messages.imageViewerCounter(2, 3));
    await page.mouse.click(size.width * 0.75, size.height / 2);
    await expect(counter).toHaveText(messages.imageViewerCounter(3, 3));
    expect(await seriousViolations(page), 'image viewer').toEqual([]);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(first).toBeFocused();
  });

  test('loads 20 memories first and the rest as the person scrolls, or with Load more', async ({ page }) => {
    await signUp(page, FIRST_TIMELINE_BY_API);
    const timelineId = await createTimeline(page.request);
    for (let index = 1; index <= 23; index += 1) await createMemory(page.request, timelineId, { title: `Memory ${index}` });
    const limits: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/api/timelines/${timelineId}/memories`)) limits.push(new URL(request.url()).searchParams.get('limit') ?? '');
    });

    await page.goto('/timeline');
    const entries = page.getByRole('main').getByRole('article');
    await expect(entries).toHaveCount(20, { timeout: 20_000 });
    // The first page of 20 comes inside the page itself (issue 8 "First load"); the next is asked for.
    expect(limits).toEqual([]);
    await page.getByRole('button', { name: messages.timelineLoadMore }).scrollIntoViewIfNeeded();
    await expect(entries).toHaveCount(23);
    await expect(page.getByRole('button', { name: messages.timelineLoadMore })).toHaveCount(0);
    expect(limits).toEqual(['20']);
  });

  test("'Load more' fetches the next page by keyboard", async ({ page }) => {
    await signUp(page, FIRST_TIMELINE_BY_API);
    const timelineId = await createTimeline(page.request);
    for (let index = 1; index <= 21; index += 1) await createMemory(page.request, timelineId, { title: `Memory ${index}` });
    // No scrolling loads here: the observer never fires, so the button alone must do it.
    await page.addInitScript(() => {
      // @ts-expect-error: a stand-in that never reports an intersection
      window.IntersectionObserver = class {
        observe() {}
        disconnect() {}
        unobserve() {}
      };
    });
    await page.goto('/timeline');
    const entries = page.getByRole('main').getByRole('article');
    await expect(entries).toHaveCount(20, { timeout: 20_000 });
    await page.getByRole('button', { name: messages.timelineLoadMore }).focus();
    await page.keyboard.press('Enter');
    await expect(entries).toHaveCount(21);
  });

  test("shows 'No memories yet' with a way to capture, and ?memoryId= opens that memory on arrival", async ({ page }) => {
    await signUp(page, FIRST_TIMELINE_BY_API);
    const timelineId = await createTimeline(page.request, 'Lovelace Family');
    await page.goto('/timeline');
    await expect(page.getByText(messages.noMemoriesYet)).toBeVisible();
    await expect(page.getByText(messages.timelineEmptyDetail)).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: messages.captureAMemory }).click();
    await expect(page.getByRole('dialog', { name: messages.captureAMemory })).toBeVisible();

    const memory = await createMemory(page.request, timelineId, { title: 'Grandma’s recipe' });
    await page.goto(`/timeline/${timelineId}?memoryId=${memory.id}`);
    // The detail dialog's code loads on first use (features/memory-detail).
    await expect(page.getByRole('dialog', { name: 'Grandma’s recipe' })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/timeline/${timelineId}$`));
  });

  test('on a wide screen the entries alternate right and left of the line', async ({ page }) => {
    await signUp(page, FIRST_TIMELINE_BY_API);
    const timelineId = await createTimeline(page.request);
    for (const title of ['Older', 'Newer']) await createMemory(page.request, timelineId, { title });
    await page.goto('/timeline');
    const entries = page.getByRole('main').getByRole('article');
    await expect(entries).toHaveCount(2);
    const [right, left] = await Promise.all([entries.nth(0).boundingBox(), entries.nth(1).boundingBox()]);
    expect(left!.x + left!.width).toBeLessThan(right!.x);
  });

  test('on a phone the entries stand in one column and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUp(page, FIRST_TIMELINE_BY_API);
    const timelineId = await createTimeline(page.request);
    for (const title of ['Left or right', 'Right or left']) await createMemory(page.request, timelineId, { title }, [await png('#884488')]);
    await page.goto('/timeline');
    const entries = page.getByRole('main').getByRole('article');
    await expect(entries).toHaveCount(2);
    const [first, second] = await Promise.all([entries.nth(0).boundingBox(), entries.nth(1).boundingBox()]);
    expect(Math.abs(first!.x - second!.x)).toBeLessThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });

  test("at Extra large text a month's heading sticks just under the header, not behind it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('family-memories-text-size', 'extra-large'));
    await signUp(page, FIRST_TIMELINE_BY_API);
    const timelineId = await createTimeline(page.request);
    for (let made = 0; made < 8; made++) await createMemory(page.request, timelineId, { title: `Story ${made + 1}`, content: 'A long afternoon. '.repeat(20) });
    await page.goto('/timeline');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(8);

    await page.mouse.wheel(0, 1_200);
    const heading = page.getByRole('heading', { level: 2, name: monthHeading(new Date()) });
    const header = page.getByRole('banner');
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeCloseTo((await header.boundingBox())!.height, 0);
    // Nothing covers it: the point just inside its top edge is the heading itself.
    expect(
      await heading.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.x + 4, box.y + 2));
      }),
    ).toBe(true);
  });

  test('a timeline the person is not a member of says so', async ({ page }) => {
    await signUp(page);
    await page.goto('/timeline/not-a-timeline');
    await expect(page.getByText(messages.timelineNotFound)).toBeVisible();
  });
});

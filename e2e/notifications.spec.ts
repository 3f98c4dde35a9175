// memories §2 "Notification panel", §4 and §9: the bell's badge, the list, 'Mark all read';
// a click marks one read, closes the panel and opens its memory.
// Every notification here is made by a real action of another person (issue 21: the specs
// test the product, so none fakes the server's answers).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { messages } from '../common/messages';
import { seenTooltips, seriousViolations, signedInWithTimeline } from './helpers';
import { createMemory, createTimeline, joinedMember } from './memory-fixtures';

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: new RegExp(`^${messages.notificationsTitle}`) });
/** The bell's name: "Notifications", or "Notifications, 2 unread" (accounts §2). */
const bellName = (unread: number) => (unread > 0 ? messages.shellNotificationsUnread(unread) : messages.notificationsTitle);
const sharedText = (title: string) => messages.memoryShared('Ada Lovelace', title);

/** Ada's timeline, with Charles joined on `page` (his page; a fresh one when not given). */
async function adaAndCharles(browser: Browser, page?: Page) {
  const ada = await (await browser.newContext()).newPage();
  await signedInWithTimeline(ada, { displayName: 'Ada Lovelace' });
  const timelineId = await createTimeline(ada.request, 'Lovelace Family');
  const charles = await joinedMember(browser, ada, timelineId, 'Charles Babbage', page);
  return { ada, timelineId, charles };
}

test.describe('Notification panel', () => {
  // Two people sign up and a memory is shared: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test("B sees 'New memory shared' after A shares; a click marks it read, closes the panel and opens the memory", async ({ browser }) => {
    const { ada: a, timelineId, charles: b } = await adaAndCharles(browser);

    const lake = await createMemory(a.request, timelineId, { title: 'Summer at the lake' });
    const boat = await createMemory(a.request, timelineId, { title: 'The old boat' });
    for (const memory of [lake, boat]) {
      const shared = await a.request.post(`/api/memories/${memory.id}/share`, { data: { userIds: [b.id] } });
      expect(shared.status(), await shared.text()).toBe(200);
    }

    // The welcome tooltip (home.spec.ts) would float in over the panel at its own
    // moment, and axe below once caught it half faded in.
    await b.page.addInitScript(seenTooltips);
    await b.page.goto('/');
    await expect(bell(b.page)).toHaveAccessibleName(bellName(2));
    await expect(b.page.getByTestId('unread-badge')).toContainText('2');
    await bell(b.page).click();
    const panel = b.page.getByRole('dialog', { name: messages.notificationsTitle });
    await expect(panel).toBeVisible();
    const items = panel.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(messages.memorySharedTitle);
    await expect(panel.getByText(sharedText('Summer at the lake'))).toBeVisible();
    await expect(panel.getByText(sharedText('The old boat'))).toBeVisible();
    await expect(panel.getByText(messages.notificationsUnread(2))).toBeVisible();
    await expect(items.first()).toContainText(/ago/);
    expect(await seriousViolations(b.page), 'notification panel').toEqual([]);

    await panel.getByRole('button', { name: /Summer at the lake/ }).click();
    await expect(panel).toBeHidden();
    // The detail dialog opens on the related memory (features/memory-detail).
    const memory = b.page.getByRole('dialog').filter({ hasText: 'Summer at the lake' });
    await expect(memory).toBeVisible();
    await expect(bell(b.page)).toHaveAccessibleName(bellName(1));
    // The notification left with the panel: closing the memory gives focus to the bell (issue 9).
    await b.page.keyboard.press('Escape');
    await expect(memory).toBeHidden();
    await expect(bell(b.page)).toBeFocused();
    const stored = (await (await b.page.request.get('/api/notifications')).json()) as Array<{ message: string; isRead: boolean }>;
    expect(stored.find((notification) => notification.message.includes('Summer at the lake'))?.isRead).toBe(true);
    expect(stored.find((notification) => notification.message.includes('The old boat'))?.isRead).toBe(false);
  });

  test("'Mark all read' clears the badge; the empty panel says so", async ({ browser }) => {
    const { ada: a, timelineId, charles: b } = await adaAndCharles(browser);

    await b.page.goto('/');
    await bell(b.page).click();
    const panel = b.page.getByRole('dialog', { name: messages.notificationsTitle });
    await expect(panel.getByText(messages.notificationsNone)).toBeVisible();
    await expect(panel.getByRole('button', { name: messages.notificationsMarkAllRead })).toBeDisabled();
    await b.page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    const memory = await createMemory(a.request, timelineId, { title: 'First day of school' });
    expect((await a.request.post(`/api/memories/${memory.id}/share`, { data: { userIds: [b.id] } })).status()).toBe(200);
    await b.page.reload();
    await expect(bell(b.page)).toHaveAccessibleName(bellName(1));
    await bell(b.page).click();
    await expect(panel.getByText(sharedText('First day of school'))).toBeVisible();
    await panel.getByRole('button', { name: messages.notificationsMarkAllRead }).click();
    await expect(panel.getByText(messages.notificationsAllCaughtUp)).toBeVisible();
    await expect(bell(b.page)).toHaveAccessibleName(bellName(0));
    await expect(b.page.getByTestId('unread-badge')).not.toContainText('1');
    const stored = (await (await b.page.request.get('/api/notifications')).json()) as Array<{ isRead: boolean }>;
    expect(stored.length).toBe(1);
    expect(stored.every((notification) => notification.isRead)).toBe(true);
  });

  test('the list is polled every 30 s while the panel is open', async ({ browser, page }) => {
    // Charles's page runs on a clock the test moves; the server's time is its own.
    await page.clock.install();
    await page.addInitScript(seenTooltips);
    const { ada, timelineId, charles } = await adaAndCharles(browser, page);
    await createMemory(ada.request, timelineId, { title: 'Poll one', sharedWith: [charles.id] });
    await page.reload();
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: messages.notificationsTitle });
    const items = panel.getByRole('listitem');
    await expect(panel.getByText(sharedText('Poll one'))).toBeVisible();

    // Shared while the panel is open: it shows at the next poll, not before.
    await createMemory(ada.request, timelineId, { title: 'Poll two', sharedWith: [charles.id] });
    await expect(items).toHaveCount(1);
    await page.clock.runFor(30_000);
    await expect(panel.getByText(sharedText('Poll two'))).toBeVisible();
    await expect(items).toHaveCount(2);
  });
});

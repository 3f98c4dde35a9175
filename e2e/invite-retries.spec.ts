// accounts §7 and §9, the retry rules, proved on the page's clock with faults put into the
// real calls: the family accept asks again up to 3 times, 1 s, 2 s and 4 s after each failure
// (1 s doubling, capped at 30 s), and a refusal is final; the timeline invite detail is loaded
// again once, 1 s after a failure.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { messages } from '../common/messages';
import { advance, pauseClock } from './clock';
import { callTimes, failFirst, gaps, keepPageLog, waitForRetryTimer } from './faults';
import { PASSWORD, uniqueEmail } from './helpers';

/**
 * A person registered through the API in a browser of their own, with a timeline and the
 * first-run screens counted as seen, so nothing covers the screen under test. The page's
 * clock is installed before anything loads, and the page logs its calls and timers.
 */
async function person(browser: Browser, displayName: string, { withTimeline = true } = {}): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.clock.install();
  await page.addInitScript(keepPageLog);
  await page.addInitScript(() => {
    for (const key of ['welcome-tooltip-seen', 'profile-setup-shown', 'pwa-install-shown-mobile']) localStorage.setItem(key, 'true');
    localStorage.setItem('timeline-tooltip-memory-count', '1');
  });
  const registered = await page.request.post('/api/auth/register', { data: { email: uniqueEmail('person'), password: PASSWORD, displayName } });
  expect(registered.status(), await registered.text()).toBe(201);
  if (withTimeline) {
    const timeline = await page.request.post('/api/timelines', { data: { name: `${displayName}'s memories`, color: '#3b82f6' } });
    expect(timeline.status(), await timeline.text()).toBe(201);
  }
  return page;
}

/** A visitor who has never signed in, clock installed and calls logged. */
async function visitor(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.clock.install();
  await page.addInitScript(keepPageLog);
  return page;
}

async function familyInvite(inviter: Page): Promise<string> {
  const created = await inviter.request.post('/api/invites', { data: {} });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function timelineInvite(owner: Page): Promise<string> {
  const timelines = (await (await owner.request.get('/api/timelines')).json()) as Array<{ id: string }>;
  const created = await owner.request.post(`/api/timelines/${timelines[0]!.id}/invites`, { data: {} });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/**
 * Holds the page's clock still as the first faulted call arrives, before it is answered: the
 * screen has loaded by then, and every retry's delay is measured from that moment.
 */
const holdClockAtFirst = (page: Page) => async (call: number) => {
  if (call === 1) await pauseClock(page);
};

const familyId = async (page: Page) => ((await (await page.request.get('/api/auth/user')).json()) as { familyId: string | null }).familyId;

test.describe('Family accept retries (accounts §7, §9)', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a failing join is asked 4 times in all, 1 s, 2 s and 4 s apart, then says "Failed to join family: {message}"', async ({ browser }) => {
    const ada = await person(browser, 'Ada Lovelace');
    const inviteId = await familyInvite(ada);
    const carol = await person(browser, 'Carol Byron');
    const path = `/api/invites/${inviteId}/accept`;
    const accept = await failFirst(carol, 'POST', `**${path}`, 4, { status: 503, message: 'The family service is restarting' }, holdClockAtFirst(carol));

    // accounts §4: a signed-in visitor with no family joins on opening the link.
    await carol.goto(`/invite/${inviteId}`);
    await expect.poll(() => accept.calls).toBe(1);
    await expect(carol.getByRole('button', { name: messages.familyJoining })).toBeDisabled();

    // Each retry waits its delay on the clock: not one millisecond less.
    for (const [retry, delay] of [1_000, 2_000, 4_000].entries()) {
      await waitForRetryTimer(carol, { method: 'POST', path, calls: retry + 1, delay });
      await carol.clock.runFor(delay - 1);
      expect(await callTimes(carol, 'POST', path)).toHaveLength(retry + 1);
      await carol.clock.runFor(1);
      await expect.poll(() => accept.calls).toBe(retry + 2);
    }

    const toast = carol.getByRole('alert').filter({ hasText: messages.errorTitle });
    await expect(toast).toContainText(messages.familyJoinFailed('The family service is restarting'));
    // Three retries and no more: a fifth call would be due by 8 s at the latest (the cap is 30 s).
    await advance(carol, 60_000);
    // The first call went out before the clock was held, so only the later gaps are whole delays.
    const [first, ...later] = gaps(await callTimes(carol, 'POST', path));
    expect(first).toBeGreaterThanOrEqual(1_000);
    expect(later).toEqual([2_000, 4_000]);
    expect(accept.calls).toBe(4);
    await expect(carol.getByRole('button', { name: messages.familyJoin })).toBeEnabled();
    expect(await familyId(carol)).not.toBe(await familyId(ada));
  });

  test('a join that succeeds on its last retry joins the family', async ({ browser }) => {
    const ada = await person(browser, 'Ada Lovelace');
    const inviteId = await familyInvite(ada);
    const carol = await person(browser, 'Carol Byron');
    const path = `/api/invites/${inviteId}/accept`;
    const accept = await failFirst(carol, 'POST', `**${path}`, 3, { status: 502, message: 'Bad gateway' }, holdClockAtFirst(carol));

    await carol.goto(`/invite/${inviteId}`);
    for (const [retry, delay] of [1_000, 2_000, 4_000].entries()) {
      await waitForRetryTimer(carol, { method: 'POST', path, calls: retry + 1, delay });
      await carol.clock.runFor(delay);
    }
    const toast = carol.getByRole('alert').filter({ hasText: messages.inviteSuccess });
    await expect(toast).toContainText(messages.familyJoined);
    expect(accept.calls).toBe(4);
    expect(await familyId(carol)).toBe(await familyId(ada));
    // accounts §4: on to the family page 1.5 s later.
    await carol.clock.runFor(1_499);
    expect(new URL(carol.url()).pathname).toBe(`/invite/${inviteId}`);
    await carol.clock.runFor(1);
    await expect(carol).toHaveURL(/\/family$/);
  });

  test('a refusal is final: one call, and "Failed to join family: {message}" at once', async ({ browser }) => {
    const ada = await person(browser, 'Ada Lovelace');
    const inviteId = await familyInvite(ada);
    const carol = await person(browser, 'Carol Byron');
    const path = `/api/invites/${inviteId}/accept`;
    // What the server answers once the invite has expired between loading the page and joining.
    const accept = await failFirst(carol, 'POST', `**${path}`, 1, { status: 404, message: messages.familyInviteInvalid }, holdClockAtFirst(carol));

    await carol.goto(`/invite/${inviteId}`);
    await expect(carol.getByRole('alert').filter({ hasText: messages.errorTitle })).toContainText(`Failed to join family: ${messages.familyInviteInvalid}`);
    await advance(carol, 60_000);
    expect(await callTimes(carol, 'POST', path)).toHaveLength(1);
    expect(accept.calls).toBe(1);
  });
});

test.describe('Timeline invite detail retry (accounts §7, §9)', () => {
  test('a failing load is asked again once, 1 s later, then shows "Invite Not Found" with "Failed to load invite"', async ({ browser }) => {
    const ada = await person(browser, 'Ada Lovelace');
    const inviteId = await timelineInvite(ada);
    const page = await visitor(browser);
    const path = `/api/timeline-invite/${inviteId}`;
    const details = await failFirst(page, 'GET', `**${path}`, 2, { status: 500, message: 'Database unavailable' }, holdClockAtFirst(page));

    await page.goto(`/timeline-invite/${inviteId}`);
    await expect.poll(() => details.calls).toBe(1);
    await waitForRetryTimer(page, { method: 'GET', path, calls: 1, delay: 1_000 });
    await page.clock.runFor(999);
    expect(await callTimes(page, 'GET', path)).toHaveLength(1);
    await expect(page.getByRole('heading', { name: messages.inviteLoading })).toBeVisible();
    await page.clock.runFor(1);
    await expect.poll(() => details.calls).toBe(2);

    // The timing is proved; the rest of the screen runs on time as it passes.
    await page.clock.resume();
    await expect(page.getByRole('heading', { name: messages.inviteNotFoundTitle })).toBeVisible();
    await expect(page.getByText(messages.inviteLoadFailed, { exact: true })).toBeVisible();
    await pauseClock(page);
    await advance(page, 60_000);
    expect(details.calls).toBe(2);
    expect(gaps(await callTimes(page, 'GET', path))[0]).toBeGreaterThanOrEqual(1_000);
  });

  test('a load that fails once shows the invite after its one retry', async ({ browser }) => {
    const ada = await person(browser, 'Ada Lovelace');
    const inviteId = await timelineInvite(ada);
    const page = await visitor(browser);
    const path = `/api/timeline-invite/${inviteId}`;
    const details = await failFirst(page, 'GET', `**${path}`, 1, { status: 503, message: 'Try again' }, holdClockAtFirst(page));

    await page.goto(`/timeline-invite/${inviteId}`);
    await waitForRetryTimer(page, { method: 'GET', path, calls: 1, delay: 1_000 });
    await page.clock.runFor(999);
    expect(await callTimes(page, 'GET', path)).toHaveLength(1);
    await page.clock.runFor(1);
    await expect.poll(() => details.calls).toBe(2);
    await page.clock.resume();
    await expect(page.getByRole('heading', { name: messages.inviteYoureInvited })).toBeVisible();
    await expect(page.getByText(`Ada Lovelace ${messages.inviteInvitedYouToJoin}`)).toBeVisible();
    expect(details.calls).toBe(2);
  });

  // §7 makes no exception for a 404: it too is asked again once, 1 s later, and only then
  // is the invite called unknown.
  test('an unknown invite is asked for again once, 1 s later, then says "Invite not found or expired"', async ({ page }) => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const path = `/api/timeline-invite/${unknown}`;
    await page.clock.install();
    await page.addInitScript(keepPageLog);
    // The real server answers the 404; the clock is only held still as the first call goes out.
    let calls = 0;
    await page.route(`**${path}`, async (route) => {
      calls += 1;
      if (calls === 1) await pauseClock(page);
      await route.continue();
    });
    await page.goto(`/timeline-invite/${unknown}`);
    await waitForRetryTimer(page, { method: 'GET', path, calls: 1, delay: 1_000 });
    await page.clock.runFor(999);
    expect(await callTimes(page, 'GET', path)).toHaveLength(1);
    await expect(page.getByRole('heading', { name: messages.inviteLoading })).toBeVisible();
    await page.clock.runFor(1);
    await expect.poll(() => calls).toBe(2);
    await page.clock.resume();
    await expect(page.getByRole('heading', { name: messages.inviteNotFoundTitle })).toBeVisible();
    await expect(page.getByText(messages.timelineInviteNotFound, { exact: true })).toBeVisible();
    await pauseClock(page);
    await advance(page, 60_000);
    expect(await callTimes(page, 'GET', path)).toHaveLength(2);
    expect(calls).toBe(2);
  });
});

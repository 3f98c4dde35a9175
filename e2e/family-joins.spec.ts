// issue 20 "Who sees a memory": a family that joins one after another. Ada starts alone and
// saves two memories with the wizard's default sharing; Bea joins by Ada's invite and sees
// both; Bea saves one for everyone and Ada one more; Cy joins after those four exist and sees
// all four, and finds one by search. A memory Ada shares with Bea alone (Share dialog, one box)
// is never Cy's. Each person has a browser of their own; the sharing choices are made in the
// real UI and their words read on screen. Sign-up is the real form; the invites are made and
// accepted through the real API (the invite page is not what is tested here).
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { Memory } from '../common/memories';
import { messages } from '../common/messages';
import { expectToast, openWizard, signUp } from './helpers';
import { currentUserId, joinedMember } from './memory-fixtures';

const FAMILY = 'Our Family';
const EVERYONE = messages.audienceTimeline([FAMILY]);

/** Tooltips, the profile step and the install offer count as seen, so they cover nothing. */
async function newPerson(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(() => {
    for (const key of ['welcome-tooltip-seen', 'profile-setup-shown', 'pwa-install-shown-mobile']) localStorage.setItem(key, 'true');
    localStorage.setItem('timeline-tooltip-memory-count', '1');
  });
  return page;
}

/** Someone new signs up in their own browser and joins Ada's timeline by an invite she made. */
async function joins(browser: Browser, ada: Page, timelineId: string, displayName: string): Promise<Page> {
  return (await joinedMember(browser, ada, timelineId, displayName, await newPerson(browser))).page;
}

/** The wizard up to its sharing step, with a title and notes. */
async function toSharing(page: Page, title: string, notes: string): Promise<Locator> {
  const wizard = await openWizard(page);
  await wizard.getByLabel(messages.captureTitleLabel).fill(title);
  await wizard.getByLabel(messages.notesLabel).fill(notes);
  await wizard.getByRole('button', { name: messages.next }).click();
  await wizard.getByRole('button', { name: messages.no }).click();
  await expect(wizard.getByRole('checkbox', { name: FAMILY })).toBeChecked();
  await wizard.getByRole('button', { name: messages.continue }).click();
  await expect(wizard.getByRole('radio', { name: messages.sharingSelective })).toBeChecked();
  return wizard;
}

/** Presses Save Memory and answers the memory the server made. */
async function saveFrom(page: Page, wizard: Locator): Promise<Memory> {
  const created = page.waitForResponse((response) => response.url().endsWith('/api/memories') && response.request().method() === 'POST');
  await wizard.getByRole('button', { name: messages.captureSaveMemory }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  await expectToast(page, messages.memorySaved, messages.memorySavedDetail);
  await expect(wizard).toBeHidden();
  return (await response.json()) as Memory;
}

/** The titles on the timeline page, in any order. */
async function timelineTitles(page: Page, count: number): Promise<string[]> {
  await page.goto('/timeline');
  const entries = page.getByRole('main').getByRole('article');
  await expect(entries).toHaveCount(count, { timeout: 15_000 });
  const titles = await entries.evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label') ?? ''));
  return titles.sort();
}

test.describe('A family that joins later (issue 20)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('those who join later see every memory shared with the timeline, never one shared with others only', async ({ browser }) => {
    // Ada signs up, makes the timeline in onboarding, and saves two memories alone.
    const ada = await newPerson(browser);
    await signUp(ada, { displayName: 'Ada Lovelace', firstTimeline: FAMILY });
    const [timeline] = (await (await ada.request.get('/api/timelines')).json()) as Array<{ id: string; name: string }>;
    expect(timeline!.name).toBe(FAMILY);

    let wizard = await toSharing(ada, 'First snow', 'The garden went white overnight and the cat refused to go out.');
    // Nobody else yet: 'Selective Sharing' says the family will see it as they join.
    await expect(wizard.getByText(messages.sharingSelectiveAloneDescription)).toBeVisible();
    await expect(wizard.getByText(messages.sharingNobodyElseYet)).toBeVisible();
    const audience = wizard.getByRole('status').filter({ hasText: new RegExp(`^(${EVERYONE}|${messages.audiencePrivate})`) });
    await expect(audience).toHaveText(EVERYONE);
    await expect(audience).toHaveAttribute('aria-live', 'polite');
    await expect(audience).toHaveCSS('font-size', '16px');
    await wizard.getByRole('radio', { name: messages.sharingPrivate }).check();
    await expect(audience).toHaveText(messages.audiencePrivate);
    await wizard.getByRole('radio', { name: messages.sharingSelective }).check();
    await expect(audience).toHaveText(EVERYONE);
    const snow = await saveFrom(ada, wizard);
    expect(snow.audience).toBe('timeline');

    wizard = await toSharing(ada, 'Grandad’s violin', 'He played it every Christmas Eve, badly and with great joy.');
    await expect(wizard.getByRole('status').filter({ hasText: EVERYONE })).toHaveText(EVERYONE);
    const violin = await saveFrom(ada, wizard);
    expect(violin.audience).toBe('timeline');

    // Bea joins and sees both.
    const bea = await joins(browser, ada, timeline!.id, 'Bea Bennett');
    expect(await timelineTitles(bea, 2)).toEqual(['First snow', 'Grandad’s violin'].sort());

    // Bea saves one for everyone: Ada is ticked; leaving her out would be Bea's alone.
    wizard = await toSharing(bea, 'Harvest supper', 'Twelve of us round the kitchen table, and Aunt Ros carved the marrow.');
    const adaBox = wizard.getByRole('checkbox', { name: 'Ada Lovelace' });
    await expect(adaBox).toBeChecked();
    const beaAudience = wizard.getByRole('status').filter({ hasText: new RegExp(`^(${EVERYONE}|${messages.audiencePrivate})`) });
    await expect(beaAudience).toHaveText(EVERYONE);
    await adaBox.uncheck();
    await expect(beaAudience).toHaveText(messages.audiencePrivate);
    await adaBox.check();
    await expect(beaAudience).toHaveText(EVERYONE);
    const supper = await saveFrom(bea, wizard);
    expect(supper.audience).toBe('timeline');

    // Ada saves one more, Bea ticked by default.
    wizard = await toSharing(ada, 'The long drive north', 'Six hours, two punctures and a picnic in a lay-by near Carlisle.');
    await expect(wizard.getByRole('checkbox', { name: 'Bea Bennett' })).toBeChecked();
    await expect(wizard.getByText(messages.sharingSelectiveDescription)).toBeVisible();
    await expect(wizard.getByRole('status').filter({ hasText: EVERYONE })).toHaveText(EVERYONE);
    const drive = await saveFrom(ada, wizard);
    expect(drive.audience).toBe('timeline');

    // Cy joins after those four exist, and sees all four.
    const cy = await joins(browser, ada, timeline!.id, 'Cy Carter');
    const four = ['First snow', 'Grandad’s violin', 'Harvest supper', 'The long drive north'].sort();
    expect(await timelineTitles(cy, 4)).toEqual(four);
    // ... and finds one by a word of its notes.
    await cy.getByRole('button', { name: messages.shellSearchMemories }).click();
    const search = cy.getByRole('dialog', { name: messages.searchTitle });
    await search.getByRole('searchbox', { name: messages.searchLabel }).fill('punctures');
    const results = search.getByRole('list', { name: messages.searchResults });
    await expect(results.getByRole('button')).toHaveCount(1);
    await expect(results.getByRole('button', { name: /The long drive north/ })).toBeVisible();
    await cy.keyboard.press('Escape');

    // Ada opens a memory she shared with the timeline: every member listed is ticked, Cy too.
    await ada.goto(`/timeline?memoryId=${snow.id}`);
    let detail = ada.getByRole('dialog', { name: 'First snow' });
    await detail.getByRole('button', { name: messages.detailShare }).click();
    let share = ada.getByRole('dialog', { name: messages.shareMemoryTitle });
    await expect(share.getByRole('checkbox', { name: 'Bea Bennett' })).toBeChecked();
    await expect(share.getByRole('checkbox', { name: 'Cy Carter' })).toBeChecked();
    await expect(share.getByRole('status')).toHaveText(EVERYONE);
    await expect(share.getByRole('button', { name: messages.shareAllMembers })).toBeVisible();
    await share.getByRole('button', { name: messages.cancel }).click();
    await expect(share).toBeHidden();
    await detail.getByRole('button', { name: messages.detailClose }).click();
    await expect(detail).toBeHidden();

    // A private memory, then shared with Bea alone in the Share dialog (one box).
    wizard = await toSharing(ada, 'A letter to Bea', 'Just between the two of us: the recipe for the lemon cake.');
    await wizard.getByRole('radio', { name: messages.sharingPrivate }).check();
    await expect(wizard.getByRole('status').filter({ hasText: messages.audiencePrivate })).toHaveText(messages.audiencePrivate);
    const letter = await saveFrom(ada, wizard);
    expect(letter.audience).toBe('private');

    await ada.goto(`/timeline?memoryId=${letter.id}`);
    detail = ada.getByRole('dialog', { name: 'A letter to Bea' });
    await detail.getByRole('button', { name: messages.detailShare }).click();
    share = ada.getByRole('dialog', { name: messages.shareMemoryTitle });
    await expect(share.getByRole('checkbox', { name: 'Cy Carter' })).not.toBeChecked();
    await expect(share.getByRole('status')).toHaveText(messages.audiencePrivate);
    await share.getByRole('checkbox', { name: 'Bea Bennett' }).check();
    await expect(share.getByRole('status')).toHaveText(messages.audiencePeople(1, 'Bea Bennett'));
    const shared = ada.waitForResponse((response) => response.url().endsWith(`/api/memories/${letter.id}/share`));
    await share.getByRole('button', { name: messages.shareUpdateSettings }).click();
    const sharedResponse = await shared;
    expect(sharedResponse.request().postDataJSON()).toEqual({ userIds: [await currentUserId(ada.request), await currentUserId(bea.request)], audience: 'people' });
    expect(((await sharedResponse.json()) as Memory).audience).toBe('people');
    await expectToast(ada, messages.shareUpdated);

    // Bea sees it; Cy never does: not on the timeline page, not by search, not by its address.
    expect(await timelineTitles(bea, 5)).toEqual([...four, 'A letter to Bea'].sort());
    expect(await timelineTitles(cy, 4)).toEqual(four);
    await cy.getByRole('button', { name: messages.shellSearchMemories }).click();
    await search.getByRole('searchbox', { name: messages.searchLabel }).fill('lemon');
    await expect(search.getByText(messages.searchNoResults)).toBeVisible();
    expect((await cy.request.get(`/api/memories/${letter.id}`)).status()).toBe(404);
  });
});

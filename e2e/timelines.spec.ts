import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signUp, uniqueEmail } from './helpers';
import { messages } from '../common/messages';

async function createTimeline(page: Page, name: string, colour = 'Green') {
  await page.getByRole('button', { name: messages.shellOpenMenu }).click();
  await page.getByRole('button', { name: messages.menuManageTimelines }).click();
  const dialog = page.getByRole('dialog', { name: messages.manageTimelinesTitle });
  await dialog.getByLabel(messages.timelineNameLabel).fill(name);
  await dialog.getByRole('radio', { name: colour }).click();
  await dialog.getByRole('button', { name: messages.createTimeline }).click();
  // Exact: sign-up's 'Timeline Created!' may still be leaving the screen as this one arrives.
  await expect(page.getByText(messages.timelineCreated, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await page.keyboard.press('Escape');
}

test.describe('Timelines and communities', () => {
  test('refuses a blank timeline name with the spec toast', async ({ page }) => {
    await signUp(page);
    await page.getByRole('button', { name: messages.shellOpenMenu }).click();
    await page.getByRole('button', { name: messages.menuManageTimelines }).click();
    const dialog = page.getByRole('dialog', { name: messages.manageTimelinesTitle });
    await dialog.getByLabel(messages.timelineNameLabel).fill('   ');
    await dialog.getByRole('button', { name: messages.createTimeline }).click();
    await expect(page.getByText(messages.timelineNameRequired)).toBeVisible();
    await expect(page.getByText(messages.timelineNameRequiredDetail)).toBeVisible();
    // Nothing was created: only the first timeline made at sign-up.
    expect(((await (await page.request.get('/api/timelines')).json()) as unknown[]).length).toBe(1);
  });

  test('A invites B by link; B signs up from it and joins; A sees B and removes them', async ({ browser }) => {
    // Two people sign up in two browsers: about 18 s on a quiet machine, past 30 s on a busy one.
    test.slow();
    const a = await (await browser.newContext()).newPage();
    await signUp(a, { displayName: 'Ada Lovelace', firstTimeline: 'Lovelace Family' });

    await a.goto('/family');
    await expect(a.getByRole('heading', { name: messages.communitiesTitle })).toBeVisible();
    await expect(a.getByText(messages.timelineMembersHeading('Lovelace Family'))).toBeVisible();
    await expect(a.getByText(messages.timelineMemberCount(1), { exact: true })).toBeVisible();
    await a.getByRole('button', { name: messages.createInviteLink }).click();
    await expect(a.getByText(messages.inviteLinkCreated)).toBeVisible();
    await expect(a.getByText(messages.inviteExpires)).toBeVisible();
    const link = await a.getByRole('textbox', { name: messages.inviteLinkField }).inputValue();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/timeline-invite\/[\w-]+$/);

    const b = await (await browser.newContext()).newPage();
    await b.goto(link);
    await expect(b.getByRole('heading', { name: messages.inviteYoureInvited })).toBeVisible();
    await expect(b.getByText('Lovelace Family')).toBeVisible();
    await expect(b.getByText(`Ada Lovelace ${messages.inviteInvitedYouToJoin}`)).toBeVisible();
    await b.getByRole('link', { name: messages.inviteSignInToJoin }).click();
    await b.getByRole('link', { name: messages.authCreateAnAccount }).click();
    // The sign-in page has an Email field too: fill only once the sign-up form has replaced it.
    await expect(b.getByRole('heading', { name: messages.authCreateYourAccount })).toBeVisible();
    await b.getByLabel(messages.authEmail).fill(uniqueEmail('charles'));
    await b.getByRole('textbox', { name: messages.authPassword, exact: true }).fill(PASSWORD);
    await b.getByLabel(messages.authDisplayName).fill('Charles Babbage');
    await b.getByRole('button', { name: messages.authCreateAccount }).click();
    await expect(b.getByText(messages.joinedTimeline)).toBeVisible();
    await expect(b).toHaveURL(/\/$/);
    await expect(b.getByRole('button', { name: messages.homeActiveTimeline('Lovelace Family') })).toBeVisible();

    await a.reload();
    const charles = a.getByRole('listitem').filter({ hasText: 'Charles Babbage' });
    await expect(charles).toContainText(messages.memberOfTimeline);
    await expect(a.getByRole('listitem').filter({ hasText: 'Ada Lovelace' })).toContainText(messages.memberIsYou);
    await expect(a.getByRole('button', { name: messages.removeMemberOf('Ada Lovelace') })).toHaveCount(0);
    await a.getByRole('button', { name: messages.removeMemberOf('Charles Babbage') }).click();
    const confirm = a.getByRole('dialog', { name: messages.removeMemberTitle });
    await expect(confirm).toContainText(messages.removeMemberConfirm('Charles Babbage', 'Lovelace Family'));
    await confirm.getByRole('button', { name: messages.confirmRemoveMember }).click();
    await expect(a.getByText(messages.memberRemoved)).toBeVisible();
    await expect(charles).toHaveCount(0);

    // B no longer has the timeline.
    await b.reload();
    await expect(b.getByRole('button', { name: messages.homeActiveTimeline('Lovelace Family') })).toHaveCount(0);
  });

  test('the creator sees "Your Timeline" on their own invite link', async ({ page }) => {
    await signUp(page);
    await createTimeline(page, 'Mine');
    await page.goto('/family');
    await page.getByRole('button', { name: messages.createInviteLink }).click();
    const link = await page.getByRole('textbox', { name: messages.inviteLinkField }).inputValue();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: messages.inviteYourTimeline })).toBeVisible();
    await expect(page.getByText(messages.inviteYourTimelineDetail)).toBeVisible();
  });

  test('an unknown invite shows "Invite Not Found"', async ({ page }) => {
    await page.goto('/timeline-invite/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: messages.inviteNotFoundTitle })).toBeVisible();
    await expect(page.getByText(messages.timelineInviteNotFound)).toBeVisible();
  });
});

test.describe('Manage Timelines', () => {
  test('the owner renames, recolours and deletes; the default has no delete button', async ({ page }) => {
    await signUp(page, { firstTimeline: 'First' });
    await createTimeline(page, 'Second');
    await page.getByRole('button', { name: messages.shellOpenMenu }).click();
    await page.getByRole('button', { name: messages.menuManageTimelines }).click();
    const dialog = page.getByRole('dialog', { name: messages.manageTimelinesTitle });

    // The first timeline became the default.
    await expect(dialog.getByRole('listitem').filter({ hasText: 'First' })).toContainText(messages.timelineDefaultBadge);
    await expect(dialog.getByRole('button', { name: messages.deleteTimelineOf('First') })).toHaveCount(0);

    await dialog.getByRole('button', { name: messages.editTimelineOf('Second') }).click();
    await dialog.getByRole('listitem').getByLabel(messages.timelineNameLabel).fill('Second Home');
    await dialog.getByRole('listitem').getByRole('radio', { name: 'Red' }).click();
    await dialog.getByRole('button', { name: messages.saveTimeline }).click();
    await expect(page.getByText(messages.timelineUpdated)).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Second Home' })).toBeVisible();

    await dialog.getByRole('button', { name: messages.setTimelineAsDefault('Second Home') }).click();
    await expect(page.getByText(messages.defaultTimelineUpdated)).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Second Home' })).toContainText(messages.timelineDefaultBadge);

    await dialog.getByRole('button', { name: messages.deleteTimelineOf('First') }).click();
    const confirm = page.getByRole('dialog', { name: messages.deleteTimelineTitle });
    await confirm.getByRole('button', { name: messages.confirmDeleteTimeline }).click();
    await expect(page.getByText(messages.timelineDeleted)).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: 'First' })).toHaveCount(0);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { createFirstTimeline, PASSWORD, signUp, uniqueEmail } from './helpers';
import { messages } from '../common/messages';

async function createFamilyInvite(page: Page): Promise<string> {
  await page.goto('/family');
  await page.getByRole('button', { name: messages.createFamilyInviteLink }).click();
  await expect(page.getByText(messages.inviteLinkCreated)).toBeVisible();
  const link = await page.getByTestId('family-invite-link').getByRole('textbox', { name: messages.inviteLinkField }).inputValue();
  expect(link).toMatch(/\/invite\/[\w-]+$/);
  return link;
}

test.describe('Family invites', () => {
  // Two or three people sign up in their own browsers, each through the form.
  test.describe.configure({ timeout: 90_000 });

  test('a signed-out visitor signs up from the link and joins the family once', async ({ browser }) => {
    const a = await (await browser.newContext()).newPage();
    await signUp(a, { displayName: 'Ada Lovelace' });
    const link = await createFamilyInvite(a);

    const b = await (await browser.newContext()).newPage();
    await b.goto(link);
    await expect(b.getByRole('heading', { name: messages.familyInvitation })).toBeVisible();
    await expect(b.getByText(`Ada Lovelace ${messages.inviteInvitedYouToJoin}`)).toBeVisible();
    // issue 9: the account is created right on the invite; signing in is one tap away.
    await expect(b.getByRole('heading', { name: messages.inviteCreateAccountHeading })).toBeVisible();
    await expect(b.getByRole('link', { name: messages.inviteHaveAccount })).toContainText(messages.inviteLogInToJoin);
    await b.getByLabel(messages.authEmail).fill(uniqueEmail('ben'));
    await b.getByRole('textbox', { name: messages.authPassword, exact: true }).fill(PASSWORD);
    await b.getByLabel(messages.authDisplayName).fill('Ben Lovelace');
    await b.getByRole('button', { name: messages.authCreateAccount }).click();
    await expect(b.getByText(messages.familyJoined)).toBeVisible();
    await expect(b).toHaveURL(/\/family$/);
    await expect(b.getByLabel(messages.familyMembers, { exact: true })).toContainText('Ada Lovelace');
    // A family brings no timeline: Ben is asked for his first one.
    await createFirstTimeline(b, 'Ben\'s Memories');

    // Opening the link again: already in that family.
    await b.goto(link);
    await expect(b.getByRole('heading', { name: messages.familyAlreadyIn })).toBeVisible();
    await b.getByRole('button', { name: messages.familyView }).click();
    await expect(b).toHaveURL(/\/family$/);
  });

  test('a member of another family is offered the merge, and merging joins them', async ({ browser }) => {
    const a = await (await browser.newContext()).newPage();
    await signUp(a, { displayName: 'Ada Lovelace' });
    const link = await createFamilyInvite(a);

    const c = await (await browser.newContext()).newPage();
    await signUp(c, { displayName: 'Carol Byron' });
    await createFamilyInvite(c); // Carol now has a family of her own
    await c.goto(link);
    await c.getByRole('button', { name: messages.familyJoin }).click();
    const dialog = c.getByRole('dialog', { name: messages.familyConflictTitle });
    await expect(dialog).toContainText(messages.familyMergeWarnings[0]);
    await expect(dialog).toContainText(messages.familyMergeWarnings[1]);
    await expect(dialog).toContainText(messages.familyMergeWarnings[2]);
    await dialog.getByRole('button', { name: messages.familyMerge }).click();
    await expect(c.getByText(messages.familyMerged)).toBeVisible();
    await expect(c).toHaveURL(/\/$/, { timeout: 5000 });
    await c.goto('/family');
    await expect(c.getByLabel(messages.familyMembers, { exact: true })).toContainText('Ada Lovelace');
  });

  test('a member who did not create their family is told only its creator can merge it, and stays', async ({ browser }) => {
    const a = await (await browser.newContext()).newPage();
    await signUp(a, { displayName: 'Ada Lovelace' });
    const link = await createFamilyInvite(a);

    const c = await (await browser.newContext()).newPage();
    await signUp(c, { displayName: 'Carol Byron' });
    const carolsLink = await createFamilyInvite(c);
    const d = await (await browser.newContext()).newPage();
    await signUp(d, { displayName: 'Dan Byron' });
    // Signed in without a family, opening the link joins at once (accounts §4).
    await d.goto(carolsLink);
    await expect(d.getByText(messages.familyJoined)).toBeVisible();

    // issue 19: Dan may not move Carol's family into another one.
    await d.goto(link);
    await d.getByRole('button', { name: messages.familyJoin }).click();
    const dialog = d.getByRole('dialog', { name: messages.familyConflictTitle });
    await expect(dialog).toContainText(messages.familyMergeWarnings[3]);
    await dialog.getByRole('button', { name: messages.familyMerge }).click();
    await expect(d.getByRole('alert').filter({ hasText: "Failed to merge families: Only the family's creator can merge it into another family" })).toBeVisible();
    await expect(dialog).toBeVisible();
    await d.goto('/family');
    await expect(d.getByLabel(messages.familyMembers, { exact: true })).toContainText('Carol Byron');
    await expect(d.getByLabel(messages.familyMembers, { exact: true })).not.toContainText('Ada Lovelace');
  });

  test('an unknown family invite says it is invalid', async ({ page }) => {
    await page.goto('/invite/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: messages.inviteInvalid })).toBeVisible();
    await expect(page.getByText(messages.familyInviteInvalid)).toBeVisible();
  });
});

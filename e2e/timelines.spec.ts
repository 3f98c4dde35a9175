import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signUp, uniqueEmail } from './helpers';

async function createTimeline(page: Page, name: string, colour = 'Green') {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Manage Timelines' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Timelines' });
  await dialog.getByLabel('Timeline name').fill(name);
  await dialog.getByRole('radio', { name: colour }).click();
  await dialog.getByRole('button', { name: 'Create Timeline' }).click();
  // Exact: sign-up's 'Timeline Created!' may still be leaving the screen as this one arrives.
  await expect(page.getByText('Timeline created', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await page.keyboard.press('Escape');
}

test.describe('Timelines and communities', () => {
  test('refuses a blank timeline name with the spec toast', async ({ page }) => {
    await signUp(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Manage Timelines' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Timelines' });
    await dialog.getByLabel('Timeline name').fill('   ');
    await dialog.getByRole('button', { name: 'Create Timeline' }).click();
    await expect(page.getByText('Timeline name required')).toBeVisible();
    await expect(page.getByText('Please enter a name for your timeline')).toBeVisible();
    // Nothing was created: only the first timeline made at sign-up.
    expect(((await (await page.request.get('/api/timelines')).json()) as unknown[]).length).toBe(1);
  });

  test('A invites B by link; B signs up from it and joins; A sees B and removes them', async ({ browser }) => {
    // Two people sign up in two browsers: about 18 s on a quiet machine, past 30 s on a busy one.
    test.slow();
    const a = await (await browser.newContext()).newPage();
    await signUp(a, { displayName: 'Ada Lovelace', firstTimeline: 'Lovelace Family' });

    await a.goto('/family');
    await expect(a.getByRole('heading', { name: 'Communities' })).toBeVisible();
    await expect(a.getByText('Lovelace Family Members')).toBeVisible();
    await expect(a.getByText('1 member', { exact: true })).toBeVisible();
    await a.getByRole('button', { name: 'Create Invite Link' }).click();
    await expect(a.getByText('Invite link created')).toBeVisible();
    await expect(a.getByText('Expires in 48 hours')).toBeVisible();
    const link = await a.getByRole('textbox', { name: 'Invite link' }).inputValue();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/timeline-invite\/[\w-]+$/);

    const b = await (await browser.newContext()).newPage();
    await b.goto(link);
    await expect(b.getByRole('heading', { name: "You're Invited!" })).toBeVisible();
    await expect(b.getByText('Lovelace Family')).toBeVisible();
    await expect(b.getByText('Ada Lovelace invited you to join')).toBeVisible();
    await b.getByRole('link', { name: 'Sign In to Join' }).click();
    await b.getByRole('link', { name: 'Create an account' }).click();
    // The sign-in page has an Email field too: fill only once the sign-up form has replaced it.
    await expect(b.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await b.getByLabel('Email').fill(uniqueEmail('charles'));
    await b.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await b.getByLabel('Display name').fill('Charles Babbage');
    await b.getByRole('button', { name: 'Create Account' }).click();
    await expect(b.getByText('You have joined the timeline')).toBeVisible();
    await expect(b).toHaveURL(/\/$/);
    await expect(b.getByRole('button', { name: /Active timeline: Lovelace Family/ })).toBeVisible();

    await a.reload();
    const charles = a.getByRole('listitem').filter({ hasText: 'Charles Babbage' });
    await expect(charles).toContainText('Timeline Member');
    await expect(a.getByRole('listitem').filter({ hasText: 'Ada Lovelace' })).toContainText('You');
    await expect(a.getByRole('button', { name: 'Remove Ada Lovelace' })).toHaveCount(0);
    await a.getByRole('button', { name: 'Remove Charles Babbage' }).click();
    const confirm = a.getByRole('dialog', { name: 'Remove Member' });
    await expect(confirm).toContainText('will no longer see or interact with the memories');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(a.getByText('Member removed')).toBeVisible();
    await expect(charles).toHaveCount(0);

    // B no longer has the timeline.
    await b.reload();
    await expect(b.getByRole('button', { name: /Active timeline: Lovelace Family/ })).toHaveCount(0);
  });

  test('the creator sees "Your Timeline" on their own invite link', async ({ page }) => {
    await signUp(page);
    await createTimeline(page, 'Mine');
    await page.goto('/family');
    await page.getByRole('button', { name: 'Create Invite Link' }).click();
    const link = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Your Timeline' })).toBeVisible();
    await expect(page.getByText('You cannot use your own invitation link. This timeline already belongs to you.')).toBeVisible();
  });

  test('an unknown invite shows "Invite Not Found"', async ({ page }) => {
    await page.goto('/timeline-invite/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Invite Not Found' })).toBeVisible();
    await expect(page.getByText('Invite not found or expired')).toBeVisible();
  });
});

test.describe('Manage Timelines', () => {
  test('the owner renames, recolours and deletes; the default has no delete button', async ({ page }) => {
    await signUp(page, { firstTimeline: 'First' });
    await createTimeline(page, 'Second');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Manage Timelines' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Timelines' });

    // The first timeline became the default.
    await expect(dialog.getByRole('listitem').filter({ hasText: 'First' })).toContainText('Default');
    await expect(dialog.getByRole('button', { name: 'Delete First' })).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Edit Second' }).click();
    await dialog.getByRole('listitem').getByLabel('Timeline name').fill('Second Home');
    await dialog.getByRole('listitem').getByRole('radio', { name: 'Red' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Timeline updated')).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Second Home' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Set Second Home as default' }).click();
    await expect(page.getByText('Default timeline updated')).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Second Home' })).toContainText('Default');

    await dialog.getByRole('button', { name: 'Delete First' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Timeline' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Timeline deleted')).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: 'First' })).toHaveCount(0);
  });
});

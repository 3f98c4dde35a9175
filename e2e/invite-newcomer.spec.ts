// issue 9 "First run": an invite link opened by someone without an account is where they
// create it, with signing in one tap away; either way the invite is joined.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { isPrimaryFilled, PASSWORD, seriousViolations, signUp, uniqueEmail } from './helpers';
import { messages } from '../common/messages';

/** Ada signs up, creates "Lovelace Family" in onboarding and an invite link on Communities. */
async function adaWithInviteLink(browser: Browser): Promise<{ ada: Page; link: string }> {
  const ada = await (await browser.newContext()).newPage();
  await signUp(ada, { displayName: 'Ada Lovelace', firstTimeline: 'Lovelace Family' });
  await ada.goto('/family');
  await ada.getByRole('button', { name: messages.createInviteLink }).click();
  await expect(ada.getByText(messages.inviteExpires)).toBeVisible();
  const link = await ada.getByRole('textbox', { name: messages.inviteLinkField }).inputValue();
  expect(link).toMatch(/\/timeline-invite\/[\w-]+$/);
  return { ada, link };
}

/** A browser that has never been signed in, at phone size as the grandmother's. */
async function newcomerPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  // The install screen is tested elsewhere; here it would only follow the steps under test.
  await context.addInitScript(() => localStorage.setItem('pwa-install-shown-mobile', 'true'));
  return context.newPage();
}

test.describe('Invite link, opened by a newcomer', () => {
  test('lands on account creation, joins the shared timeline, and skipping a personal timeline is the main choice', async ({ browser }) => {
    const { ada, link } = await adaWithInviteLink(browser);

    const grace = await newcomerPhone(browser);
    await grace.goto(link);
    await expect(grace.getByRole('heading', { name: messages.inviteYoureInvited })).toBeVisible();
    await expect(grace.getByText(`Ada Lovelace ${messages.inviteInvitedYouToJoin}`)).toBeVisible();
    // Account creation, right here; no "Welcome back" for someone who has never been.
    await expect(grace.getByRole('heading', { name: messages.inviteCreateAccountHeading })).toBeVisible();
    await expect(grace.getByRole('heading', { name: messages.authWelcomeBack })).toHaveCount(0);
    await expect(grace.getByRole('button', { name: messages.authCreateAccount })).toBeVisible();
    const signIn = grace.getByRole('link', { name: messages.inviteHaveAccount });
    await expect(signIn).toBeVisible();
    await expect(signIn).toContainText(messages.inviteSignInToJoin);
    expect(await seriousViolations(grace)).toEqual([]);
    await grace.screenshot({ path: 'test-results/screens/phone-invite-newcomer.png', fullPage: true });

    await grace.getByLabel(messages.authEmail).fill(uniqueEmail('grace'));
    await grace.getByRole('textbox', { name: messages.authPassword, exact: true }).fill(PASSWORD);
    await grace.getByRole('button', { name: messages.authCreateAccount }).click();
    await expect(grace.getByText(messages.joinedTimeline)).toBeVisible();

    // No display name yet: step 1, then the personal timeline with "Skip for Now" the filled button.
    const setup = grace.getByRole('dialog', { name: messages.setupProfileTitle });
    await setup.getByRole('textbox', { name: messages.profileDisplayName }).fill('Grace Hopper');
    await setup.getByRole('button', { name: messages.setupContinueToTimeline }).click();
    const personal = grace.getByRole('dialog', { name: messages.setupPersonalTimelineTitle });
    await expect(personal).toContainText(messages.setupPersonalIntro('Lovelace Family'));
    const skip = personal.getByRole('button', { name: messages.setupSkipForNow });
    const create = personal.getByRole('button', { name: messages.setupCreatePersonalTimeline });
    await expect(skip).toBeVisible();
    await expect.poll(() => isPrimaryFilled(skip)).toBe(true);
    await expect.poll(() => isPrimaryFilled(create)).toBe(false);
    // The main choice comes first.
    const [skipTop, createTop] = await Promise.all([skip.boundingBox(), create.boundingBox()]);
    expect(skipTop!.y).toBeLessThan(createTop!.y);
    expect(await seriousViolations(grace, '.mantine-Modal-content')).toEqual([]);
    await grace.screenshot({ path: 'test-results/screens/phone-invite-personal-step.png' });
    await skip.click();
    await expect(personal).toBeHidden();

    await expect(grace).toHaveURL(/\/$/);
    await expect(grace.getByRole('button', { name: messages.homeActiveTimeline('Lovelace Family') })).toBeVisible();
    const timelines = (await (await grace.request.get('/api/timelines')).json()) as Array<{ name: string }>;
    expect(timelines.map((timeline) => timeline.name)).toEqual(['Lovelace Family']);

    // Ada sees her among the members.
    await ada.reload();
    await expect(ada.getByRole('listitem').filter({ hasText: 'Grace Hopper' })).toContainText(messages.memberOfTimeline);
  });

  test('"I already have an account" signs in and comes back to the invite, which joins', async ({ browser }) => {
    const { link } = await adaWithInviteLink(browser);
    const email = uniqueEmail('charles');
    const registered = await (await browser.newContext()).request.post('/api/auth/register', {
      data: { email, password: PASSWORD, displayName: 'Charles Babbage' },
    });
    expect(registered.status()).toBe(201);

    const charles = await (await browser.newContext()).newPage();
    await charles.goto(link);
    await charles.getByRole('link', { name: messages.inviteHaveAccount }).click();
    await expect(charles.getByRole('heading', { name: messages.authWelcomeBack })).toBeVisible();
    await charles.getByLabel(messages.authEmail).fill(email);
    await charles.getByRole('textbox', { name: messages.authPassword, exact: true }).fill(PASSWORD);
    await charles.getByRole('button', { name: messages.authSignIn }).click();
    await expect(charles.getByText(messages.joinedTimeline)).toBeVisible();
    await expect(charles).toHaveURL(/\/$/);
    await expect(charles.getByRole('button', { name: messages.homeActiveTimeline('Lovelace Family') })).toBeVisible();
  });

  test('a refused sign-up says why beside the form and joins nothing', async ({ browser }) => {
    const { link } = await adaWithInviteLink(browser);
    const taken = uniqueEmail('taken');
    expect((await (await browser.newContext()).request.post('/api/auth/register', { data: { email: taken, password: PASSWORD } })).status()).toBe(201);

    const page = await (await browser.newContext()).newPage();
    await page.goto(link);
    await page.getByLabel(messages.authEmail).fill(taken);
    await page.getByRole('textbox', { name: messages.authPassword, exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: messages.authCreateAccount }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.emailTaken })).toBeVisible();
    await expect(page.getByRole('heading', { name: messages.inviteYoureInvited })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
});

test('the invite landing at desktop size', async ({ browser }) => {
  const { link } = await adaWithInviteLink(browser);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: messages.inviteCreateAccountHeading })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/desktop-invite-newcomer.png', fullPage: true });
});

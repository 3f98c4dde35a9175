// Issue 20, last points: the welcome page leads a newcomer to creating an account, signing in
// one tap away; a lone member is offered "Invite your family" on home, where the link is made
// and shown with its life, Copy and Share; a second browser opening that link joins.
import { expect, test, type Browser } from '@playwright/test';
import { expectTouchTarget, PASSWORD, signedInWithTimeline, uniqueEmail } from './helpers';
import { messages } from '../common/messages';

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

async function newContext(browser: Browser, size: (typeof sizes)[number], origin?: string) {
  const context = await browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });
  if (origin) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await context.addInitScript(() => localStorage.setItem('pwa-install-shown-mobile', 'true'));
  return context;
}

for (const size of sizes) {
  test.describe(`at ${size.name} size`, () => {
    test('a new visitor: the main button leads to creating an account, "I already have an account" to signing in', async ({ browser }) => {
      const context = await newContext(browser, size);
      const page = await context.newPage();
      await page.goto('/');
      const start = page.getByRole('link', { name: messages.signInToStart });
      const haveAccount = page.getByRole('link', { name: messages.welcomeHaveAccount });
      await expect(start).toBeVisible();
      await expect(haveAccount).toBeVisible();
      await expectTouchTarget(start);
      await expectTouchTarget(haveAccount);
      await page.screenshot({ path: `/tmp/p6-welcome-${size.name}.png`, fullPage: true });

      await start.click();
      await expect(page).toHaveURL(/\/signup$/);
      await expect(page.getByRole('heading', { level: 1, name: messages.authCreateYourAccount })).toBeVisible();
      await expect(page.getByRole('heading', { name: messages.authWelcomeBack })).toHaveCount(0);
      await expect(page.getByRole('button', { name: messages.authCreateAccount })).toBeVisible();
      await page.screenshot({ path: `/tmp/p6-signup-${size.name}.png`, fullPage: true });

      await page.goto('/');
      await page.getByRole('link', { name: messages.welcomeHaveAccount }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: messages.authWelcomeBack })).toBeVisible();
      await expect(page.getByRole('button', { name: messages.authSignIn, exact: true })).toBeVisible();
      await context.close();
    });

    test('a lone member makes the link on home, sees it with "Expires in 48 hours", copies it, and a second browser joins with it', async ({ browser, baseURL }) => {
      const context = await newContext(browser, size, baseURL);
      const page = await context.newPage();
      await signedInWithTimeline(page, { displayName: 'Ada Lovelace', timelineName: 'Lovelace Family' });

      const card = page.getByRole('region', { name: messages.homeInviteFamilyTitle });
      await expect(card).toBeVisible();
      await expect(card).toContainText(messages.homeInviteFamilyDetail('Lovelace Family'));
      const make = card.getByRole('button', { name: messages.homeInviteFamilyButton });
      await expectTouchTarget(make);
      await make.click();

      const field = card.getByRole('textbox', { name: messages.inviteLinkField });
      await expect(field).toHaveValue(new RegExp(`^${baseURL}/timeline-invite/[\\w-]+$`));
      await expect(field).toHaveAttribute('readonly', '');
      const link = await field.inputValue();
      await expect(card.getByText(messages.inviteExpires)).toBeVisible();

      // The clipboard starts with something else, so only Copy can put the link there.
      await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
      const copy = card.getByRole('button', { name: messages.inviteCopy });
      await expectTouchTarget(copy);
      await copy.click();
      await expect(card.getByRole('button', { name: messages.inviteCopied })).toBeVisible();
      await expect(card.getByRole('status')).toHaveText(messages.inviteLinkCopiedAnnounced);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      // Share appears only where the browser has the Web Share API.
      const canShare = await page.evaluate(() => typeof navigator.share === 'function');
      await expect(card.getByRole('button', { name: messages.inviteShare })).toHaveCount(canShare ? 1 : 0);
      await page.screenshot({ path: `/tmp/p6-home-${size.name}.png`, fullPage: true });

      // A second browser, signed in as someone else, opens the link and joins.
      const other = await newContext(browser, size);
      const grace = await other.newPage();
      const registered = await grace.request.post('/api/auth/register', { data: { email: uniqueEmail('grace'), password: PASSWORD, displayName: 'Grace Hopper' } });
      expect(registered.status(), await registered.text()).toBe(201);
      await grace.goto(link);
      await expect(grace.getByText(`Ada Lovelace ${messages.inviteInvitedYouToJoin}`)).toBeVisible();
      await grace.getByRole('button', { name: messages.inviteJoinTimeline }).click();
      await expect(grace.getByText(messages.inviteSuccess).first()).toBeVisible();
      const graceTimelines = (await (await grace.request.get('/api/timelines')).json()) as Array<{ name: string }>;
      expect(graceTimelines.map((timeline) => timeline.name)).toContain('Lovelace Family');

      // Someone else is on the timeline now: home no longer offers it.
      const members = page.waitForResponse((answer) => /\/api\/timelines\/[^/]+\/members$/.test(answer.url()) && answer.ok());
      await page.reload();
      expect(((await (await members).json()) as unknown[]).length).toBe(2);
      await expect(page.getByRole('button', { name: messages.shellOpenMenu })).toBeVisible();
      await expect(page.getByRole('region', { name: messages.homeInviteFamilyTitle })).toHaveCount(0);
      await other.close();
      await context.close();
    });
  });
}

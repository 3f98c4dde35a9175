// Issue 9 "Easy to see and to press" and "Tests that must exist": every screen at phone size
// has no control under 44 by 44 px, no body text under 16 px, no text under 14 px (a badge, an
// avatar's initials, a count, the navigation's labels) and no serious or critical axe
// violation; at Extra large text nothing scrolls sideways. Findings name the element and its
// component, so a failure says what to fix (legibility-audit.ts).
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { findFaintPlaceholders, findSidewaysScrolling, findSmallThings } from './legibility-audit';
import { openWizard, PASSWORD, seriousViolations, uniqueEmail } from './helpers';
import { createMemory, createTimeline, png } from './memory-fixtures';
import { messages } from '../common/messages';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

type TextSizeName = 'normal' | 'extra-large';

/** An init script: onboarding and tooltips are done, so each screen shows only itself; the text size is set. */
const settled = (textSize: TextSizeName) => {
  localStorage.setItem('welcome-tooltip-seen', 'true');
  localStorage.setItem('timeline-tooltip-memory-count', '1');
  localStorage.setItem('profile-setup-shown', 'true');
  localStorage.setItem('pwa-install-shown-mobile', 'true');
  localStorage.setItem('family-memories-text-size', textSize);
};

/**
 * The checks of one screen, soft so every screen of a test is measured even when one fails.
 * At Normal: targets, text, placeholder contrast and axe; at Extra large: targets and sideways scrolling.
 */
async function audit(page: Page, screen: string, textSize: TextSizeName, scope?: Locator) {
  // Wait for dialogs and drawers to finish arriving: half-faded boxes measure small.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
  const { smallControls, smallText, smallBodyText } = await findSmallThings(page, scope);
  expect.soft(smallControls, `${screen}: controls under 44x44 px`).toEqual([]);
  if (textSize === 'normal') {
    expect.soft(smallText, `${screen}: text under 14 px`).toEqual([]);
    expect.soft(smallBodyText, `${screen}: body text under 16 px`).toEqual([]);
    expect.soft(await findFaintPlaceholders(page), `${screen}: placeholders under 4.5:1`).toEqual([]);
    expect.soft(await seriousViolations(page), `${screen}: axe serious or critical`).toEqual([]);
  } else {
    expect.soft(await findSidewaysScrolling(page), `${screen}: sideways scrolling at Extra large text`).toEqual([]);
  }
}

/**
 * Words cut off (issue 9: "Invite...", "Share..." and a card's title ended in '…' or ran off
 * the card at Extra large text): text in a box that clips it (an ellipsis, a line clamp, a
 * button's label), or reaching past a clipping box around it or the window's edge.
 */
async function findCutOffText(scope: Locator): Promise<string[]> {
  return scope.evaluateAll((roots) => {
    const found: string[] = [];
    const clips = (element: Element) => ['hidden', 'clip'].includes(getComputedStyle(element).overflowX) || ['hidden', 'clip'].includes(getComputedStyle(element).overflowY);
    const name = (element: Element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)}"`;
    for (const root of roots) {
      for (const element of root.querySelectorAll('*')) {
        const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
        if (!ownText || !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        if (clips(element) && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)) {
          found.push(`${name(element)} is cut to ${element.clientWidth}x${element.clientHeight} of ${element.scrollWidth}x${element.scrollHeight}`);
          continue;
        }
        if (box.left < -1 || box.right > document.documentElement.clientWidth + 1) {
          found.push(`${name(element)} runs off the window (${Math.round(box.left)} to ${Math.round(box.right)})`);
          continue;
        }
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          if (!clips(parent)) continue;
          const frame = parent.getBoundingClientRect();
          if (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1) {
            found.push(`${name(element)} runs out of ${parent.tagName.toLowerCase()}.${[...parent.classList].join('.')}`);
          }
          break;
        }
      }
    }
    return found;
  });
}

/**
 * Scroll areas inside `scope` wider than their box: a dialog's own scroll area sits between
 * its body and its content, where findSidewaysScrolling does not look (issue 9: a photo's
 * natural width made the memory's edit view scroll sideways at Extra large text).
 */
async function findSidewaysScrollAreas(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll('.mantine-ScrollArea-viewport')]
      .filter((viewport) => viewport.checkVisibility() && viewport.scrollWidth > viewport.clientWidth + 1)
      .map((viewport) => `scroll area is ${viewport.scrollWidth}px wide in ${viewport.clientWidth}px`),
  );
}

/** An account made through the API (DESIGN "API": POST /api/auth/register), signed in in its own context. */
async function registered(browser: Browser, displayName: string, textSize: TextSizeName): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await context.addInitScript(settled, textSize);
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/register', { data: { email: uniqueEmail('legible'), password: PASSWORD, displayName } });
  expect(response.status(), await response.text()).toBe(201);
  return { page, id: ((await response.json()) as { id: string }).id };
}

/** Ada, on a timeline with Charles; two memories of hers with photos, one of his shared with her. */
async function familyWithMemories(browser: Browser, textSize: TextSizeName): Promise<Page> {
  const ada = await registered(browser, 'Ada Lovelace', textSize);
  const charles = await registered(browser, 'Charles Babbage', textSize);
  const timelineId = await createTimeline(ada.page.request, 'Lovelace Family');
  const invite = await ada.page.request.post(`/api/timelines/${timelineId}/invites`, { data: {} });
  const { id: inviteId } = (await invite.json()) as { id: string };
  expect((await charles.page.request.post(`/api/timeline-invite/${inviteId}/accept`, { data: {} })).status()).toBeLessThan(300);
  for (const title of ['Summer at the lake', 'The old boat']) {
    await createMemory(ada.page.request, timelineId, { title, content: `We remember ${title.toLowerCase()} every year.`, sharedWith: [charles.id] }, [
      await png('#4c6ef5'),
      await png('#fab005'),
    ]);
  }
  await createMemory(charles.page.request, timelineId, { title: 'Engines and tea', sharedWith: [ada.id] });
  await charles.page.context().close();
  await ada.page.goto('/');
  await expect(ada.page.getByRole('main').getByRole('button', { name: /Lovelace Family/ })).toBeVisible({ timeout: 20_000 });
  return ada.page;
}

test('on the smallest phone (320 px) at Extra large text the header keeps every button on screen, the title giving way', async ({ browser }) => {
  const { page } = await registered(browser, 'Ada Lovelace', 'extra-large');
  await createTimeline(page.request, 'Lovelace Family');
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto('/');
  const header = page.getByRole('banner');
  const buttons = header.getByRole('button');
  await expect(buttons).toHaveCount(3);
  for (const button of await buttons.all()) {
    const box = (await button.boundingBox())!;
    expect.soft(box.x, `${await button.getAttribute('aria-label')}: left edge`).toBeGreaterThanOrEqual(0);
    expect.soft(box.x + box.width, `${await button.getAttribute('aria-label')}: right edge`).toBeLessThanOrEqual(320);
  }
  await expect(header.getByRole('link', { name: messages.appName })).toBeVisible();
  await page.context().close();
});

test('the audit itself finds a small button, an unlabelled checkbox, small text, small body text, a faint placeholder and a page too wide', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const trap = document.createElement('div');
    trap.innerHTML = `
      <button style="width:40px;height:40px">Tiny</button>
      <input type="checkbox" aria-label="Bare box" style="width:20px;height:20px">
      <p style="font-size:12px">Fine print</p>
      <p style="font-size:14px">Small body</p>
      <span class="mantine-Badge-root" style="font-size:14px">Small word</span>
      <input placeholder="Faint hint" style="background:#fff;color:#000;width:200px;height:48px">
      <p>Read <a href="/">the rules</a> first.</p>
      <div style="width:600px;height:10px"></div>`;
    document.body.append(trap);
    const style = document.createElement('style');
    style.textContent = 'input[placeholder="Faint hint"]::placeholder { color: #bbb; }';
    document.head.append(style);
  });
  const { smallControls, smallText, smallBodyText, smallWords } = await findSmallThings(page);
  expect(smallControls).toEqual([expect.stringMatching(/^button "Tiny" .*: 40x40$/), expect.stringMatching(/^input:checkbox "Bare box" .*: 20x20$/)]);
  expect(smallText).toEqual([expect.stringMatching(/^p "Fine print" .*: 12px$/)]);
  expect(smallBodyText).toEqual([expect.stringMatching(/^p "Small body" .*: 14px$/)]);
  expect(smallWords).toEqual([expect.stringMatching(/^span "Small word" .*: 14px$/)]);
  expect(await findFaintPlaceholders(page)).toEqual([expect.stringMatching(/^placeholder "Faint hint" is 1\.\d+:1$/)]);
  expect(await findSidewaysScrolling(page)).toEqual([expect.stringMatching(/^page is \d+px wide in a 390px window$/)]);
});

for (const textSize of ['normal', 'extra-large'] as const) {
  test.describe(`Every screen at phone size, ${textSize === 'normal' ? 'Normal' : 'Extra large'} text`, () => {
    test.describe.configure({ timeout: 180_000 });

    test('welcome, sign-in and sign-up', async ({ page }) => {
      await page.addInitScript(settled, textSize);
      for (const [path, screen] of [['/', 'welcome'], ['/login', 'sign-in'], ['/signup', 'sign-up']] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await audit(page, screen, textSize);
      }
    });

    test('home, timeline page, memory detail (read and edit), side menu and notifications', async ({ browser }) => {
      const page = await familyWithMemories(browser, textSize);
      await page.getByRole('button', { name: messages.homeSpotlightReveal }).click();
      await expect(page.getByRole('article').first()).toBeVisible();
      await audit(page, 'home', textSize);

      await page.getByRole('button', { name: messages.shellOpenMenu }).click();
      await expect(page.getByRole('dialog', { name: messages.menuTitle })).toBeVisible();
      await audit(page, 'side menu', textSize, page.getByRole('dialog', { name: messages.menuTitle }));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: messages.menuTitle })).toBeHidden();

      await page.getByRole('banner').getByRole('button', { name: new RegExp(`^${messages.notificationsTitle}`) }).click();
      const panel = page.getByRole('dialog', { name: messages.notificationsTitle });
      await expect(panel.getByText(/Engines and tea/)).toBeVisible();
      await audit(page, 'notifications panel', textSize, panel);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      await page.getByRole('navigation', { name: messages.shellMainNavigation }).getByRole('link', { name: messages.timeline }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Lovelace Family' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('article')).toHaveCount(3);
      await audit(page, 'timeline page', textSize);

      await page.getByRole('button', { name: messages.timelineViewMemoryOf('Summer at the lake') }).click();
      const detail = page.getByRole('dialog', { name: 'Summer at the lake' });
      await expect(detail.getByRole('button', { name: messages.detailEdit })).toBeVisible();
      await audit(page, 'memory detail', textSize, detail);
      await detail.getByRole('button', { name: messages.detailEdit }).click();
      await expect(detail.getByRole('button', { name: messages.editSave })).toBeVisible();
      await audit(page, 'memory detail, editing', textSize, detail);
      expect.soft(await findSidewaysScrollAreas(detail), 'memory detail, editing: sideways scrolling').toEqual([]);
    });

    test('profile, community and extras', async ({ browser }) => {
      const page = await familyWithMemories(browser, textSize);
      for (const [path, screen, heading] of [
        ['/profile', 'profile', messages.profileMyInformation],
        ['/family', 'community', messages.timelineMembersHeading('Lovelace Family')],
        ['/extras', 'extras', messages.extrasTitle],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('main').getByText(heading).first()).toBeVisible();
        await audit(page, screen, textSize);
      }
    });

    test('Manage Timelines: the Timelines tab with its colour picker, a timeline being edited, and Add People', async ({ browser }) => {
      const { page } = await registered(browser, 'Ada Lovelace', textSize);
      await createTimeline(page.request, 'Lovelace Family');
      // A long name on the default timeline, so its row holds the name, the Default badge and two buttons.
      const long = 'The Babbage Household of Analytical Engines';
      const longId = await createTimeline(page.request, long);
      expect((await page.request.patch('/api/user', { data: { defaultTimelineId: longId } })).status()).toBe(200);
      await page.goto('/');
      await page.getByRole('button', { name: messages.shellOpenMenu }).click({ timeout: 20_000 });
      await page.getByRole('button', { name: messages.menuManageTimelines }).click();
      const dialog = page.getByRole('dialog', { name: messages.manageTimelinesTitle });
      const list = dialog.getByRole('list', { name: messages.timelines });
      await expect(list.getByText('Lovelace Family')).toBeVisible();
      await expect(list.getByText(long)).toBeVisible();
      await expect(dialog.getByRole('radiogroup', { name: messages.timelineColour }).getByRole('radio')).not.toHaveCount(0);
      await audit(page, 'Manage Timelines', textSize, dialog);
      expect.soft(await findCutOffText(list), 'Manage Timelines: words cut off').toEqual([]);

      await list.getByRole('button', { name: messages.editTimelineOf('Lovelace Family') }).click();
      await expect(list.getByRole('radiogroup', { name: messages.timelineColour })).toBeVisible();
      await audit(page, 'Manage Timelines, editing a timeline', textSize, dialog);

      await dialog.getByRole('tab', { name: messages.addPeople }).click();
      await expect(dialog.getByRole('list', { name: messages.members }).getByText('Ada Lovelace')).toBeVisible();
      await audit(page, 'Manage Timelines: Add People', textSize, dialog);
    });

    test('every word of the community page is visible: timeline tabs, Invite..., the invite link, Copy', async ({ browser }) => {
      const page = await familyWithMemories(browser, textSize);
      // A second timeline with a long name, and an invite link on show (with its Copy; Share
      // only where the browser has the Web Share API).
      await createTimeline(page.request, 'The Babbage Household of Analytical Engines');
      const timelines = (await (await page.request.get('/api/timelines')).json()) as Array<{ id: string; name: string }>;
      const lovelace = timelines.find((timeline) => timeline.name === 'Lovelace Family')!;
      expect((await page.request.post(`/api/timelines/${lovelace.id}/invites`, { data: {} })).status()).toBeLessThan(300);

      await page.goto('/family');
      const main = page.getByRole('main');
      await expect(main.getByText(messages.timelineMembersHeading('Lovelace Family'))).toBeVisible();
      await expect(main.getByRole('tab', { name: 'The Babbage Household of Analytical Engines' })).toBeVisible();
      for (const name of [messages.inviteToTimelineButton, messages.inviteCopy, messages.createFamilyInviteLink]) await expect(main.getByRole('button', { name, exact: true })).toBeVisible();
      await expect(main.getByRole('textbox', { name: messages.inviteLinkField })).toHaveValue(/\/timeline-invite\//);
      await audit(page, 'community', textSize);
      expect.soft(await findCutOffText(main), 'community: words cut off').toEqual([]);
    });

    test("every word of a memory card's title is visible", async ({ browser }) => {
      const { page } = await registered(browser, 'Grace Hopper', textSize);
      const timelineId = await createTimeline(page.request, 'Hopper Family');
      await createMemory(page.request, timelineId, { title: 'Summer at the lake with all the cousins' }, [await png('#4c6ef5')]);
      await page.goto('/');
      await page.getByRole('button', { name: messages.homeSpotlightReveal }).click({ timeout: 20_000 });
      const card = page.getByRole('article', { name: 'Summer at the lake with all the cousins' });
      await expect(card.getByRole('button', { name: messages.viewMemory })).toBeVisible();
      await expect(card.getByText('Summer at the lake with all the cousins', { exact: true })).toBeVisible();
      await audit(page, 'memory card', textSize, card);
      expect.soft(await findCutOffText(card), 'memory card: words cut off').toEqual([]);
    });

    test('the capture wizard: start, follow-up question, timeline and sharing steps, and the voice recorder', async ({ browser }) => {
      const page = await familyWithMemories(browser, textSize);
      const wizard = await openWizard(page);
      await audit(page, 'capture: start', textSize, wizard);

      await wizard.getByLabel(messages.captureTitleLabel).fill('Sledging');
      await wizard.getByLabel(messages.notesLabel).fill('We raced down the hill behind the church.');
      await wizard.getByRole('button', { name: messages.next }).click();
      await expect(wizard.getByText(messages.captureFollowUpAsk)).toBeVisible();
      await audit(page, 'capture: follow-up question', textSize, wizard);
      await wizard.getByRole('button', { name: messages.no }).click();
      await expect(wizard.getByRole('checkbox', { name: 'Lovelace Family' })).toBeVisible();
      await audit(page, 'capture: timeline', textSize, wizard);
      await wizard.getByRole('button', { name: messages.continue }).click();
      await expect(wizard.getByRole('radio', { name: messages.sharingSelective })).toBeVisible();
      await audit(page, 'capture: sharing', textSize, wizard);

      await wizard.getByRole('button', { name: messages.back }).click();
      await wizard.getByRole('button', { name: messages.back }).click();
      await wizard.getByRole('button', { name: messages.back }).click();
      await wizard.getByRole('button', { name: messages.captureVoiceRecording }).click();
      const recorder = page.getByRole('dialog', { name: messages.voiceRecorderTitle });
      await expect(recorder.getByRole('button', { name: messages.stop })).toBeVisible();
      await audit(page, 'capture: voice recorder', textSize, recorder);
    });
  });
}

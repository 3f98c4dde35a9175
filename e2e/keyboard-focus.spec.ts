// Issue 9 "Every step by keyboard": focus is always somewhere to be seen, and never falls to the
// page's top when the control pressed leaves with its view. Each test presses with the keyboard
// and asks where focus went (components/useFocusOnSwap.ts, home/OnboardingTooltip.tsx,
// legibility.css for the cards that are controls).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { messages } from '../common/messages';
import { signedInWithTimeline, signUp } from './helpers';
import { createMemory, createTimeline } from './memory-fixtures';

/** Focuses `control` as Tab would, then presses Enter on it. */
async function pressWithKeyboard(control: Locator) {
  await control.focus();
  await control.press('Enter');
}

/** The focus ring drawn around the focused element: its outline, as the browser paints it. */
const focusRing = (control: Locator) =>
  control.evaluate((element) => {
    const style = getComputedStyle(element);
    return { focusVisible: element.matches(':focus-visible'), style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });

const captureButton = (page: Page) => page.getByRole('navigation', { name: messages.shellMainNavigation }).getByRole('button', { name: messages.captureAMemory });

test.describe('Focus by keyboard', () => {
  test("Got it! on the welcome tooltip hands focus to the + button it points at", async ({ page }) => {
    await signUp(page);
    const tooltip = page.getByRole('dialog', { name: messages.homeWelcomeTooltipLabel });
    await pressWithKeyboard(tooltip.getByRole('button', { name: messages.homeTooltipGotIt }));
    await expect(tooltip).toBeHidden();
    await expect(captureButton(page)).toBeFocused();
  });

  test('the cards that are buttons show a focus ring; revealing the spotlight and hiding it keep focus on what replaced them', async ({ page }) => {
    await signedInWithTimeline(page);
    const timelineId = await createTimeline(page.request, 'Lovelace Family');
    await createMemory(page.request, timelineId, { title: 'Summer at the lake' });
    await page.reload();

    const prompt = page.getByRole('button', { name: messages.promptsLookingBack });
    await prompt.focus();
    expect(await focusRing(prompt)).toEqual({ focusVisible: true, style: 'solid', width: 2 });

    const reveal = page.getByRole('button', { name: new RegExp(messages.homeSpotlightReveal) });
    await pressWithKeyboard(reveal);
    const shown = page.getByRole('group', { name: messages.homeSpotlightShown });
    await expect(shown).toBeFocused();
    await expect(shown).toContainText('Summer at the lake');

    await pressWithKeyboard(shown.getByRole('button', { name: messages.homeSpotlightHide }));
    await expect(reveal).toBeFocused();
    expect(await focusRing(reveal)).toEqual({ focusVisible: true, style: 'solid', width: 2 });
  });

  test("the timeline chooser's list, closed or chosen from, gives focus back to its toggle", async ({ page }) => {
    await signedInWithTimeline(page, { timelineName: 'Lovelace Family' });
    await createTimeline(page.request, 'Work Friends');
    await page.reload();
    const toggle = page.getByRole('button', { name: /^Active timeline: / });

    await pressWithKeyboard(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await pressWithKeyboard(page.getByRole('button', { name: messages.homeChooserClose }));
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await pressWithKeyboard(toggle);
    await pressWithKeyboard(page.getByRole('button', { name: 'Work Friends' }));
    await expect(toggle).toHaveAccessibleName(messages.homeActiveTimeline('Work Friends'));
    await expect(toggle).toBeFocused();
  });

  test("a memory's Edit and Cancel keep focus in the dialog, so Escape still closes it", async ({ page }) => {
    await signedInWithTimeline(page);
    const timelineId = await createTimeline(page.request, 'Lovelace Family');
    const memory = await createMemory(page.request, timelineId, { title: 'The old boat' });
    await page.goto(`/timeline/${timelineId}?memoryId=${memory.id}`);
    const detail = page.getByRole('dialog', { name: 'The old boat' });
    const edit = detail.getByRole('button', { name: messages.detailEdit });

    await pressWithKeyboard(edit);
    await expect(detail.getByRole('textbox', { name: messages.captureTitleLabel })).toBeFocused();
    await pressWithKeyboard(detail.getByRole('button', { name: messages.cancel }));
    await expect(edit).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
  });
});

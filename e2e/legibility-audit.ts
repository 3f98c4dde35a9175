// Issue 9 "Easy to see and to press", measured in the page: controls under 44 by 44 px, body
// text under 16 px, small words under 14 px, and sideways scrolling. Each finding names the
// element, its Mantine component (static class) and where it sits, so a failure says what to fix.
import type { Locator, Page } from '@playwright/test';

export const MIN_TARGET_PX = 44;
export const MIN_TEXT_PX = 14;
/** Body text: everything but the small words of SMALL_WORDS (issue 9, the brief's 16 px). */
export const MIN_BODY_TEXT_PX = 16;
/** Small words may be 14 px: a badge, the initials in an avatar, a count on a bell, the navigation's labels. */
const SMALL_WORDS = '.mantine-Badge-root, .mantine-Avatar-root, .mantine-Indicator-indicator, nav';

export interface LegibilityFindings {
  smallControls: string[];
  /** Text under 14 px. */
  smallText: string[];
  /** Body text (not one of the small words) under 16 px. */
  smallBodyText: string[];
  /** Small words of 14 to 16 px: allowed on a screen, not where a place asks 16 px of every word (a dialog, the storyteller's card). */
  smallWords: string[];
}

/**
 * Every visible interactive control inside `scope` (the page when omitted) smaller than 44 by
 * 44 px, every visible text under 14 px, and every other one under 16 px, body text and small
 * words apart. A checkbox or radio counts with its labels (tapping the words toggles it), as a
 * switch or segmented control whose input is drawn by its label. One exemption, WCAG
 * 2.5.8's "inline": a link inside a sentence, which cannot grow without breaking the line.
 */
export async function findSmallThings(page: Page, scope?: Locator): Promise<LegibilityFindings> {
  return (scope ?? page.locator('body')).evaluate(
    (root, { minTarget, minText, minBodyText, smallWords }) => {
      const shown = (element: Element) =>
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !element.closest('[inert]');
      const boxOf = (element: Element) => {
        const rect = element.getBoundingClientRect();
        // Visually hidden helpers (1 px, clipped) are for screen readers, not for eyes or fingers.
        return rect.width > 1 && rect.height > 1 ? rect : null;
      };
      const union = (rects: DOMRect[]) => {
        const left = Math.min(...rects.map((r) => r.left));
        const top = Math.min(...rects.map((r) => r.top));
        return { width: Math.max(...rects.map((r) => r.right)) - left, height: Math.max(...rects.map((r) => r.bottom)) - top };
      };
      const describe = (element: Element) => {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
        const classes = (element: Element) => [...element.classList].filter((c) => c.startsWith('mantine-')).join('.');
        const where: string[] = [];
        for (let parent = element.parentElement; parent && where.length < 3; parent = parent.parentElement) {
          const label = parent.getAttribute('aria-label') ?? parent.getAttribute('data-testid') ?? (parent.id && !/^mantine-/.test(parent.id) ? `#${parent.id}` : '');
          const component = classes(parent);
          if (label || component) where.push(label ? `${parent.tagName.toLowerCase()}[${label}]` : component);
        }
        const role = element.getAttribute('role') ?? (element instanceof HTMLInputElement ? `input:${element.type}` : element.tagName.toLowerCase());
        return `${role} "${name}" (${classes(element) || element.tagName.toLowerCase()}) in ${where.join(' < ') || 'page'}`;
      };
      const inSentence = (element: Element) =>
        element.tagName === 'A' &&
        getComputedStyle(element).display === 'inline' &&
        [...(element.parentElement?.childNodes ?? [])].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');

      const smallControls: string[] = [];
      const controls = root.querySelectorAll(
        'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=switch], [role=tab], [role=menuitem], [role=option]',
      );
      for (const control of controls) {
        let size: { width: number; height: number } | null;
        if (control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)) {
          const parts = [control, ...(control.labels ?? [])].filter(shown).map(boxOf).filter((rect): rect is DOMRect => rect !== null);
          size = parts.length ? union(parts) : null;
        } else {
          size = shown(control) ? boxOf(control) : null;
        }
        if (!size || inSentence(control)) continue;
        if (size.width < minTarget - 0.01 || size.height < minTarget - 0.01) {
          smallControls.push(`${describe(control)}: ${Math.round(size.width * 10) / 10}x${Math.round(size.height * 10) / 10}`);
        }
      }

      const smallText: string[] = [];
      const smallBodyText: string[] = [];
      const smallWordsFound: string[] = [];
      const seen = new Set<Element>();
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || seen.has(parent) || !node.textContent!.trim() || parent.closest('script, style, noscript')) continue;
        seen.add(parent);
        if (!shown(parent) || !boxOf(parent)) continue;
        const fontSize = parseFloat(getComputedStyle(parent).fontSize);
        if (fontSize < minText - 0.01) smallText.push(`${describe(parent)}: ${fontSize}px`);
        else if (fontSize < minBodyText - 0.01) (parent.closest(smallWords) ? smallWordsFound : smallBodyText).push(`${describe(parent)}: ${fontSize}px`);
      }
      return { smallControls, smallText, smallBodyText, smallWords: smallWordsFound };
    },
    { minTarget: MIN_TARGET_PX, minText: MIN_TEXT_PX, minBodyText: MIN_BODY_TEXT_PX, smallWords: SMALL_WORDS },
  );
}

/**
 * Sideways scrolling: the page wider than the window, or an open dialog or drawer wider than
 * its own box (a dialog scrolls inside a fixed layer, so the page alone would not show it).
 */
export async function findSidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    // The layout viewport, not innerWidth: a phone browser zooms out to fit a page too wide,
    // which widens innerWidth to the page and would hide the very overflow sought here.
    const { scrollWidth, clientWidth } = document.documentElement;
    if (scrollWidth > clientWidth) found.push(`page is ${scrollWidth}px wide in a ${clientWidth}px window`);
    for (const box of document.querySelectorAll('.mantine-Modal-body, .mantine-Modal-content, .mantine-Drawer-body, .mantine-Drawer-content')) {
      if (!box.checkVisibility()) continue;
      if (box.scrollWidth > box.clientWidth + 1) {
        const title = box.closest('[role=dialog]')?.getAttribute('aria-label') ?? box.closest('.mantine-Modal-root, .mantine-Drawer-root')?.querySelector('h2')?.textContent ?? '';
        found.push(`${[...box.classList].find((c) => c.startsWith('mantine-'))} of "${title}" is ${box.scrollWidth}px wide in ${box.clientWidth}px`);
      }
    }
    return found;
  });
}

/**
 * Placeholders under 4.5:1 against their field (issue 9), measured from the computed
 * ::placeholder colour and the first opaque background behind the field.
 */
export async function findFaintPlaceholders(page: Page, minimum = 4.5): Promise<string[]> {
  return page.evaluate((minimum) => {
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (channels: number[]) => {
      const [R = 0, G = 0, B = 0] = channels.slice(0, 3).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    const backgroundOf = (element: Element | null): number[] => {
      for (; element; element = element.parentElement) {
        const parts = rgb(getComputedStyle(element).backgroundColor);
        if (parts.length === 3 || (parts.length === 4 && parts[3] === 1)) return parts.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const found: string[] = [];
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (!field.placeholder || !field.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const text = luminance(rgb(getComputedStyle(field, '::placeholder').color));
      const background = luminance(backgroundOf(field));
      const ratio = (Math.max(text, background) + 0.05) / (Math.min(text, background) + 0.05);
      if (ratio < minimum) found.push(`placeholder "${field.placeholder}" is ${ratio.toFixed(2)}:1`);
    }
    return found;
  }, minimum);
}

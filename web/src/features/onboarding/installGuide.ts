// accounts §2 "Install screen": step lists per platform and browser. iPhone/iPad: Safari,
// Chrome, Firefox or other; Android: Chrome, Firefox or other; desktop: Chrome or other.
import type { Browser, Platform } from './device';

export interface InstallGuide {
  heading: string;
  steps: string[];
}

const guides = {
  ios: {
    safari: {
      heading: 'On iPhone or iPad, in Safari',
      steps: [
        'Tap the Share button (the square with an arrow pointing up) in the toolbar.',
        'Scroll down and tap "Add to Home Screen".',
        'Tap "Add" in the top-right corner.',
      ],
    },
    chrome: {
      heading: 'On iPhone or iPad, in Chrome',
      steps: [
        'Tap the Share button (the square with an arrow pointing up) in the address bar.',
        'Scroll down and tap "Add to Home Screen".',
        'Tap "Add" in the top-right corner.',
      ],
    },
    firefox: {
      heading: 'On iPhone or iPad, in Firefox',
      steps: [
        'Tap the menu button (three lines) at the bottom of the screen.',
        'Tap "Share".',
        'Tap "Add to Home Screen", then "Add".',
      ],
    },
    other: {
      heading: 'On iPhone or iPad',
      steps: [
        "Open this page in Safari (your browser's menu usually has \"Open in Safari\").",
        'Tap the Share button (the square with an arrow pointing up).',
        'Tap "Add to Home Screen", then "Add".',
      ],
    },
  },
  android: {
    chrome: {
      heading: 'On Android, in Chrome',
      steps: [
        'Tap the menu button (three dots) in the top-right corner.',
        'Tap "Add to Home screen" or "Install app".',
        'Tap "Add" or "Install" to confirm.',
      ],
    },
    firefox: {
      heading: 'On Android, in Firefox',
      steps: [
        'Tap the menu button (three dots).',
        'Tap "Add to Home screen" (or "Install").',
        'Confirm, and place the icon where you like.',
      ],
    },
    other: {
      heading: 'On Android',
      steps: [
        "Open your browser's menu.",
        'Look for "Add to Home screen" or "Install app" and tap it.',
        "If there is no such entry, open this page in Chrome and use Chrome's menu.",
      ],
    },
  },
  desktop: {
    chrome: {
      heading: 'On a computer, in Chrome',
      steps: [
        'Click the install icon at the right end of the address bar.',
        'Or open the menu (three dots), then "Cast, save and share" and "Install page as app".',
        'Click "Install". Heirloom then opens in its own window.',
      ],
    },
    other: {
      heading: 'On a computer',
      steps: [
        "Look in your browser's menu for \"Install\" or \"Apps\"; Edge and Chrome offer it.",
        'Otherwise bookmark this page, or drag the address onto your desktop.',
      ],
    },
  },
} satisfies Record<Platform, Partial<Record<Browser, InstallGuide>> & { other: InstallGuide }>;

export function installGuide(platform: Platform, browser: Browser): InstallGuide {
  const forPlatform: Partial<Record<Browser, InstallGuide>> & { other: InstallGuide } = guides[platform];
  return forPlatform[browser] ?? forPlatform.other;
}

// What onboarding needs to know about the device (accounts §4 and §9).
import { MOBILE_WIDTH } from '../../../../common/limits';

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|IEMobile|Opera Mini/i;

/** accounts §4: mobile by user agent, or a window up to 768 px wide. */
export function isMobileDevice(): boolean {
  return MOBILE_AGENT.test(navigator.userAgent) || window.innerWidth <= MOBILE_WIDTH;
}

/** Already running from the home screen: the installed display mode, or iOS's own flag. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

export type Platform = 'ios' | 'android' | 'desktop';
export type Browser = 'safari' | 'chrome' | 'firefox' | 'other';

export function detectPlatform(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  // iPadOS presents itself as a Mac; only its touch screen gives it away.
  if (/Macintosh/i.test(userAgent) && touchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}

export function detectBrowser(platform: Platform, userAgent = navigator.userAgent): Browser {
  if (platform === 'ios') {
    if (/CriOS/i.test(userAgent)) return 'chrome';
    if (/FxiOS/i.test(userAgent)) return 'firefox';
    if (/EdgiOS|OPiOS|OPT\/|YaBrowser|DuckDuckGo|GSA\//i.test(userAgent)) return 'other';
    return /Safari/i.test(userAgent) ? 'safari' : 'other';
  }
  if (/Firefox/i.test(userAgent)) return platform === 'android' ? 'firefox' : 'other';
  if (/Edg|OPR|SamsungBrowser|YaBrowser|UCBrowser/i.test(userAgent)) return 'other';
  return /Chrome|Chromium/i.test(userAgent) ? 'chrome' : 'other';
}

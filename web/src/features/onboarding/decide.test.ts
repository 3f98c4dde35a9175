import { describe, expect, it } from 'vitest';
import { nextOnboardingScreen, type OnboardingFacts } from './decide';
import { detectBrowser, detectPlatform } from './device';
import { installGuide } from './installGuide';

const newcomer: OnboardingFacts = {
  hasDisplayName: false,
  profileSetupShown: false,
  timelineCount: 0,
  invitePending: false,
  isMobile: false,
  isStandalone: false,
  installShown: false,
};
const settledOnPhone: OnboardingFacts = { ...newcomer, hasDisplayName: true, profileSetupShown: true, timelineCount: 1, isMobile: true };

describe('accounts §4 "Onboarding for a signed-in user"', () => {
  it('shows profile setup to a user without a display name who has not seen it', () => {
    expect(nextOnboardingScreen(newcomer)).toBe('profile');
    expect(nextOnboardingScreen({ ...newcomer, timelineCount: null })).toBe('profile');
  });

  it('shows nothing to a user with a display name and a timeline who has never been through setup', () => {
    expect(nextOnboardingScreen({ ...newcomer, hasDisplayName: true, timelineCount: 1 })).toBeNull();
    expect(nextOnboardingScreen({ ...newcomer, hasDisplayName: true, timelineCount: 3 })).toBeNull();
  });

  it('issue 9: a display name given at sign-up still leads to the first-timeline step when there is no timeline', () => {
    expect(nextOnboardingScreen({ ...newcomer, hasDisplayName: true })).toBe('timeline');
    expect(nextOnboardingScreen({ ...newcomer, hasDisplayName: true, isMobile: true })).toBe('timeline');
    // Unknown timelines decide nothing.
    expect(nextOnboardingScreen({ ...newcomer, hasDisplayName: true, timelineCount: null })).toBeNull();
  });

  it('waits while an invite is being joined, rather than asking for a first timeline the invite brings', () => {
    expect(nextOnboardingScreen({ ...newcomer, hasDisplayName: true, invitePending: true })).toBeNull();
    expect(nextOnboardingScreen({ ...newcomer, profileSetupShown: true, invitePending: true })).toBeNull();
    // Without a display name, step 1 still comes first: it asks nothing of timelines.
    expect(nextOnboardingScreen({ ...newcomer, invitePending: true })).toBe('profile');
  });

  it('shows setup again, for timeline creation, when setup was shown but there is no timeline', () => {
    expect(nextOnboardingScreen({ ...newcomer, profileSetupShown: true })).toBe('timeline');
    expect(nextOnboardingScreen({ ...newcomer, hasDisplayName: true, profileSetupShown: true, isMobile: true })).toBe('timeline');
  });

  it('does not decide on timelines it could not read', () => {
    expect(nextOnboardingScreen({ ...settledOnPhone, timelineCount: null })).toBeNull();
  });

  it('offers the install screen on a phone, set up, with a timeline, not installed and not yet offered', () => {
    expect(nextOnboardingScreen(settledOnPhone)).toBe('install');
    expect(nextOnboardingScreen({ ...settledOnPhone, isMobile: false })).toBeNull();
    expect(nextOnboardingScreen({ ...settledOnPhone, isStandalone: true })).toBeNull();
    expect(nextOnboardingScreen({ ...settledOnPhone, installShown: true })).toBeNull();
    expect(nextOnboardingScreen({ ...settledOnPhone, profileSetupShown: false })).toBeNull();
  });
});

describe('accounts §2 "Install screen": steps per platform and browser', () => {
  const agents = {
    iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    iphoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0 Mobile/15E148 Safari/604.1',
    iphoneFirefox: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15',
    ipadOs: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
    androidSamsung: 'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0 Mobile Safari/537.36',
    desktopChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    desktopFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  };
  const guideFor = (agent: string, touchPoints = 0) => {
    const platform = detectPlatform(agent, touchPoints);
    return installGuide(platform, detectBrowser(platform, agent)).heading;
  };

  it('tells iPhone and iPad users how, in Safari, Chrome, Firefox or another browser', () => {
    expect(guideFor(agents.iphoneSafari)).toBe('On iPhone or iPad, in Safari');
    expect(guideFor(agents.iphoneChrome)).toBe('On iPhone or iPad, in Chrome');
    expect(guideFor(agents.iphoneFirefox)).toBe('On iPhone or iPad, in Firefox');
    expect(guideFor(agents.ipadOs, 5)).toBe('On iPhone or iPad, in Safari');
  });

  it('tells Android users how, in Chrome, Firefox or another browser', () => {
    expect(guideFor(agents.androidChrome)).toBe('On Android, in Chrome');
    expect(guideFor(agents.androidFirefox)).toBe('On Android, in Firefox');
    expect(guideFor(agents.androidSamsung)).toBe('On Android');
  });

  it('tells computer users how, in Chrome or another browser', () => {
    expect(guideFor(agents.desktopChrome)).toBe('On a computer, in Chrome');
    expect(guideFor(agents.desktopFirefox)).toBe('On a computer');
    expect(guideFor(agents.ipadOs, 0)).toBe('On a computer');
  });
});

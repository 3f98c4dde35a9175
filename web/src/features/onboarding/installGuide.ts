// accounts §2 "Install screen": the step list for this platform and browser, whose words are
// common/messages.ts installGuides.
import { installGuides } from '../../../../common/messages';
import type { Browser, Platform } from './device';

export interface InstallGuide {
  heading: string;
  steps: string[];
}

const guides = installGuides satisfies Record<Platform, Partial<Record<Browser, InstallGuide>> & { other: InstallGuide }>;

export function installGuide(platform: Platform, browser: Browser): InstallGuide {
  const forPlatform: Partial<Record<Browser, InstallGuide>> & { other: InstallGuide } = guides[platform];
  return forPlatform[browser] ?? forPlatform.other;
}

// The nine Extras (accounts §2 "Extras page"): the names are the spec's, in common/messages.ts;
// the icons and one-line descriptions are ours.
import {
  IconBook,
  IconCalendarHeart,
  IconGift,
  IconMailHeart,
  IconMicrophone,
  IconPhoto,
  IconRobot,
  IconSitemap,
  IconTimeline,
  type Icon,
} from '@tabler/icons-react';
import { extrasFeatureDescriptions, extrasFeatureNames, type ExtrasFeatureName } from '../../../../common/messages';

export interface ExtrasFeature {
  name: ExtrasFeatureName;
  description: string;
  icon: Icon;
  color: string;
}

const details: Record<ExtrasFeatureName, Omit<ExtrasFeature, 'name' | 'description'>> = {
  'Intergenerational Interview': { icon: IconMicrophone, color: 'violet' },
  'Create Calendar': { icon: IconCalendarHeart, color: 'pink' },
  'Compile Story': { icon: IconBook, color: 'indigo' },
  'Memory Timeline': { icon: IconTimeline, color: 'blue' },
  'Photo Collage': { icon: IconPhoto, color: 'teal' },
  'Family Tree': { icon: IconSitemap, color: 'green' },
  'Memory Gifts': { icon: IconGift, color: 'orange' },
  'Legacy Letters': { icon: IconMailHeart, color: 'red' },
  'AI Memory Assistant': { icon: IconRobot, color: 'cyan' },
};

export const extrasFeatures: ExtrasFeature[] = extrasFeatureNames.map((name) => ({ name, description: extrasFeatureDescriptions[name], ...details[name] }));

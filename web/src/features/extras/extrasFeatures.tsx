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
import { extrasFeatureNames, type ExtrasFeatureName } from '../../../../common/messages';

export interface ExtrasFeature {
  name: ExtrasFeatureName;
  description: string;
  icon: Icon;
  color: string;
}

const details: Record<ExtrasFeatureName, Omit<ExtrasFeature, 'name'>> = {
  'Intergenerational Interview': { description: "Guided questions to record a loved one's life story", icon: IconMicrophone, color: 'violet' },
  'Create Calendar': { description: 'Turn your memories into a printable family calendar', icon: IconCalendarHeart, color: 'pink' },
  'Compile Story': { description: 'Weave memories into one story to read and share', icon: IconBook, color: 'indigo' },
  'Memory Timeline': { description: "See your family's moments laid out through the years", icon: IconTimeline, color: 'blue' },
  'Photo Collage': { description: 'Arrange favourite photos into a collage', icon: IconPhoto, color: 'teal' },
  'Family Tree': { description: "Map who's who across the generations", icon: IconSitemap, color: 'green' },
  'Memory Gifts': { description: 'Turn memories into keepsakes and gifts', icon: IconGift, color: 'orange' },
  'Legacy Letters': { description: 'Write letters to be opened in years to come', icon: IconMailHeart, color: 'red' },
  'AI Memory Assistant': { description: 'Help recalling, tagging and telling your memories', icon: IconRobot, color: 'cyan' },
};

export const extrasFeatures: ExtrasFeature[] = extrasFeatureNames.map((name) => ({ name, ...details[name] }));

// The chevron at the end of a control that folds something open: down while folded, up while open.
import { IconChevronDown } from '@tabler/icons-react';

export function DisclosureChevron({ expanded }: { expanded: boolean }) {
  return <IconChevronDown size={20} aria-hidden style={{ transform: expanded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />;
}

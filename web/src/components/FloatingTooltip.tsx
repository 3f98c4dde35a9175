import { Tooltip } from '@mantine/core';
import type { RefObject } from 'react';

/** The tooltip HoverTooltip loads once it is first wanted; HoverTooltip says when it is open. */
export default function FloatingTooltip({ label, target, opened }: { label: string; target: RefObject<HTMLElement | null>; opened: boolean }) {
  return <Tooltip label={label} target={target} opened={opened} />;
}

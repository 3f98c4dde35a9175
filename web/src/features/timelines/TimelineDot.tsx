import { Box } from '@mantine/core';
import { LIST_DEFAULT_COLOR } from '../../../../common/timeline-colors';

/** The small coloured dot that stands for a timeline (accounts §2). */
export function TimelineDot({ color, size = 12 }: { color: string | null | undefined; size?: number }) {
  return <Box component="span" aria-hidden w={size} h={size} style={{ borderRadius: '50%', background: color || LIST_DEFAULT_COLOR, flex: 'none', display: 'inline-block' }} />;
}

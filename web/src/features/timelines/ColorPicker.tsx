import { CheckIcon, ColorSwatch, Group } from '@mantine/core';
import { timelinePalette } from '../../../../common/timeline-colors';
import { messages } from '../../../../common/messages';

/**
 * accounts §3: timelines take their colour from the palette. Each swatch is a touch target
 * (issue 9: 44 px, growing with the Text size as every other control does), not Mantine's 28 px.
 */
export function ColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  return (
    <Group gap="xs" role="radiogroup" aria-label={messages.timelineColour}>
      {timelinePalette.map((color) => {
        const selected = color.value.toLowerCase() === value.toLowerCase();
        return (
          <ColorSwatch
            key={color.value}
            component="button"
            type="button"
            color={color.value}
            size="var(--touch-target)"
            role="radio"
            aria-checked={selected}
            aria-label={color.name}
            onClick={() => onChange(color.value)}
            style={{ cursor: 'pointer', color: '#fff' }}
          >
            {selected && <CheckIcon width={18} />}
          </ColorSwatch>
        );
      })}
    </Group>
  );
}

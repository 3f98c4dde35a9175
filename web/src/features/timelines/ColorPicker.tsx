import { CheckIcon, ColorSwatch, Group } from '@mantine/core';
import { timelinePalette } from '../../../../common/timeline-colors';
import { messages } from '../../../../common/messages';

/** accounts §3: timelines take their colour from the palette. */
export function ColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  return (
    <Group gap={8} role="radiogroup" aria-label={messages.timelineColour}>
      {timelinePalette.map((color) => {
        const selected = color.value.toLowerCase() === value.toLowerCase();
        return (
          <ColorSwatch
            key={color.value}
            component="button"
            type="button"
            color={color.value}
            role="radio"
            aria-checked={selected}
            aria-label={color.name}
            onClick={() => onChange(color.value)}
            style={{ cursor: 'pointer', color: '#fff' }}
          >
            {selected && <CheckIcon width={12} />}
          </ColorSwatch>
        );
      })}
    </Group>
  );
}

// Issue 9 "Easy to see and to press": the per-device text size (DESIGN "Text size"). It
// applies at once and needs no Save: the reader sees the size they chose as they choose it.
import { Card, Radio, Stack, Text } from '@mantine/core';
import { messages } from '../../../../common/messages';
import { textSizes, useTextSize, type TextSize } from '../../lib/textSize';

const optionLabels: Record<TextSize, string> = {
  normal: messages.textSizeNormal,
  large: messages.textSizeLarge,
  'extra-large': messages.textSizeExtraLarge,
};

/** Each option's words drawn at the size it gives, relative to the current one. */
const optionPreview: Record<TextSize, string> = {
  normal: 'var(--mantine-font-size-md)',
  large: 'var(--mantine-font-size-lg)',
  'extra-large': 'var(--mantine-font-size-xl)',
};

export function TextSizeCard() {
  const [size, setSize] = useTextSize();

  return (
    <Card withBorder radius="lg" padding="lg" component="section">
      <Radio.Group
        value={size}
        onChange={(value) => setSize(value as TextSize)}
        label={messages.textSizeLabel}
        description={messages.textSizeDescription}
        labelProps={{ fz: 'h4', fw: 700, mb: 4 }}
      >
        <Stack gap={4} mt="sm">
          {textSizes.map((option) => (
            <Radio key={option} value={option} label={<Text span fz={optionPreview[option]}>{optionLabels[option]}</Text>} />
          ))}
        </Stack>
      </Radio.Group>
    </Card>
  );
}

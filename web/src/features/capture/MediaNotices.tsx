// issue 20 "Caught where it happens": what became of the files just chosen (refused by their
// bytes, or left out past the photo limit), beside the picker of the wizard and of the edit view.
import { Stack, Text } from '@mantine/core';

export interface MediaNotice {
  text: string;
  /** Refused outright (red), as opposed to a kind word about the limit. */
  refused: boolean;
}

export function MediaNotices({ notices }: { notices: readonly MediaNotice[] }) {
  if (notices.length === 0) return null;
  // An alert as it appears, so a screen reader says it at once.
  return (
    <Stack gap={2} role="alert" data-testid="media-notices">
      {notices.map((notice) => (
        <Text key={notice.text} fz="md" c={notice.refused ? 'red.8' : undefined}>
          {notice.text}
        </Text>
      ))}
    </Stack>
  );
}

// Issue 9 "Removing a recording or photo offers Undo": said in place, beside what was removed,
// and kept until the next removal, so it neither covers a field nor runs out like a toast.
import { Button, Group, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { messages } from '../../../../common/messages';

export function UndoNotice({ text, onUndo }: { text: string; onUndo: () => void }) {
  return (
    <Group gap="sm" role="status" wrap="nowrap" justify="space-between" data-testid="undo-notice">
      <Text fz="md">{text}</Text>
      <Button size="md" variant="light" leftSection={<IconArrowBackUp size={18} />} onClick={onUndo}>
        {messages.undo}
      </Button>
    </Group>
  );
}

// Issue 9 "Nothing lost": closing a wizard that holds something asks first; Discard then
// resets as memories §2 says. Keep editing is the focused, safe choice.
import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '../../../../common/messages';

interface DiscardConfirmProps {
  opened: boolean;
  /** False when Discard also closes the wizard: focus then goes back to what opened the wizard. */
  returnFocus?: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}

export function DiscardConfirm({ opened, returnFocus = true, onKeep, onDiscard }: DiscardConfirmProps) {
  return (
    <Modal
      opened={opened}
      returnFocus={returnFocus}
      onClose={onKeep}
      title={messages.discardMemoryTitle}
      centered
      zIndex={310}
      // Two plain answers; Escape is Keep editing.
      withCloseButton={false}
    >
      <Text fz="md" mb="lg">
        {messages.discardMemoryDetail}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button size="md" variant="default" onClick={onKeep} data-autofocus>
          {messages.discardMemoryKeep}
        </Button>
        <Button size="md" color="red" onClick={onDiscard}>
          {messages.discardMemoryConfirm}
        </Button>
      </Group>
    </Modal>
  );
}

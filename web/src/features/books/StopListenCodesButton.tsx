// Issue 24 "Listen codes": the memory's creator can stop the codes printed for it (the
// detail's owner's actions). Shown only to whoever may edit the memory, and only for one that
// has a voice to play: its own recording or a spoken answer.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconQrcodeOff } from '@tabler/icons-react';
import type { Memory } from '../../../../common/memories';
import { hasVoice } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { useApiMutation } from '../../api/useApiMutation';

/** Whether a printed book could carry codes for this memory that this person may stop. */
export function mayStopListenCodes(memory: Pick<Memory, 'abilities' | 'audioUrl' | 'followUpResponses'>): boolean {
  return memory.abilities.canEdit && hasVoice(memory);
}

export function StopListenCodesButton({ memory }: { memory: Pick<Memory, 'id' | 'abilities' | 'audioUrl' | 'followUpResponses'> }) {
  const [confirming, confirm] = useDisclosure(false);
  const stop = useApiMutation({
    mutationFn: () => api.listenLinks.stop(memory.id),
    success: () => ({ title: messages.listenCodesStopped, message: messages.listenCodesStoppedDetail }),
    error: (message) => `${messages.listenCodesStopFailed} ${message}`,
    onSuccess: confirm.close,
  });
  if (!mayStopListenCodes(memory)) return null;
  return (
    <>
      <Button variant="light" size="md" leftSection={<IconQrcodeOff size={18} />} onClick={confirm.open}>
        {messages.stopListenCodes}
      </Button>
      <Modal opened={confirming} onClose={confirm.close} title={messages.stopListenCodesTitle} centered closeButtonProps={{ 'aria-label': messages.closeDialog }}>
        <Text>{messages.stopListenCodesDetail}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" size="md" onClick={confirm.close} disabled={stop.isPending} data-autofocus>
            {messages.cancel}
          </Button>
          <Button color="red" size="md" onClick={() => stop.mutate()} loading={stop.isPending}>
            {messages.stopListenCodesConfirm}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

// memories §2, §6: Edit, Share and Delete for the owner, Download for any viewer, each shown
// by what the server says this viewer may do (memory.abilities), never re-derived here.
import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import type { Memory } from '../../../../../common/memories';
import { messages } from '../../../../../common/messages';
import { useOpenerFocus } from '../../../components/useOpenerFocus';
import { MemoryDownloadButton } from '../../archives';
import { StopListenCodesButton } from '../../books';
import { DeleteMemoryDialog } from '../DeleteMemoryDialog';
import { ShareMemoryDialog } from '../../sharing';

interface MemoryActionBarProps {
  memory: Memory;
  currentUserId: string;
  onEdit: () => void;
  /** The memory is gone: the detail dialog closes. */
  onDeleted: () => void;
}

export function MemoryActionBar({ memory, currentUserId, onEdit, onDeleted }: MemoryActionBarProps) {
  const [sharing, share] = useDisclosure(false);
  const [deleting, deletion] = useDisclosure(false);
  // The share dialog mounts on each opening (a fresh selection), so Share gets focus back here.
  const shareFocus = useOpenerFocus();
  const openShare = () => {
    shareFocus.remember();
    share.open();
  };
  const closeShare = () => {
    share.close();
    shareFocus.restore();
  };
  const { canEdit, canShare, canDelete } = memory.abilities;
  return (
    <Group gap="xs" aria-label={messages.detailActions} role="group">
      {canEdit && (
        <Button variant="light" size="md" leftSection={<IconPencil size={18} />} onClick={onEdit} data-edit-memory>
          {messages.detailEdit}
        </Button>
      )}
      {canShare && (
        <Button variant="light" size="md" leftSection={<IconShare size={18} />} onClick={openShare}>
          {messages.detailShare}
        </Button>
      )}
      <MemoryDownloadButton memoryId={memory.id} />
      {/* issue 24: its own rule (the creator, a voice to play) lives with the books feature. */}
      <StopListenCodesButton memory={memory} />
      {canDelete && (
        <Button variant="light" color="red" size="md" leftSection={<IconTrash size={18} />} onClick={deletion.open}>
          {messages.detailDelete}
        </Button>
      )}
      {canShare && sharing && <ShareMemoryDialog memory={memory} currentUserId={currentUserId} opened={sharing} onClose={closeShare} />}
      {canDelete && (
        <DeleteMemoryDialog
          memoryId={memory.id}
          opened={deleting}
          onClose={deletion.close}
          onRemoved={onDeleted}
          failureText={messages.detailMemoryDeleteFailed}
        />
      )}
    </Group>
  );
}

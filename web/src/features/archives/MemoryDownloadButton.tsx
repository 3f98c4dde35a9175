// memories §2: the detail dialog's Download, for any viewer (§6), its progress on the button.
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { messages } from '../../../../common/messages';
import classes from './DownloadButton.module.css';
import { useMemoryDownload } from './useMemoryDownload';

export function MemoryDownloadButton({ memoryId }: { memoryId: string }) {
  const { start, downloading, percent } = useMemoryDownload(memoryId);
  return (
    <Button
      variant="light"
      size="md"
      leftSection={<IconDownload size={18} />}
      className={classes.button}
      // Not disabled while it runs: a disabled button drops focus, and a second press just does nothing.
      aria-busy={downloading}
      onClick={() => {
        if (!downloading) start();
      }}
    >
      {downloading ? messages.downloadingMemory(percent) : messages.downloadMemory}
      {downloading && (
        <span
          className={classes.bar}
          data-indeterminate={percent === null || undefined}
          style={percent === null ? undefined : { width: `${percent}%` }}
          aria-hidden
        />
      )}
    </Button>
  );
}

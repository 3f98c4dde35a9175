// memories §2, §6, §7, §8: any viewer downloads a memory as its zip; the bytes arriving show
// as progress; then 'Download Complete', or 'Download failed' / 'Unable to download memory.
// Please try again.' The download goes on if the detail dialog closes meanwhile.
import { useState } from 'react';
import { messages } from '../../../../common/messages';
import { downloadFile } from '../../api/download';
import { api } from '../../api/endpoints';
import { useApiMutation } from '../../api/useApiMutation';
import { toast } from '../../lib/toast';

export function useMemoryDownload(memoryId: string) {
  // Percent received, null while the size is unknown.
  const [percent, setPercent] = useState<number | null>(null);
  const download = useApiMutation<void>({
    mutationFn: async () => {
      setPercent(null);
      await downloadFile(api.archives.memoryUrl(memoryId), { onProgress: setPercent });
    },
    success: messages.downloadComplete,
    error: false,
    onError: (error) => {
      // memories §8: 'Failed to download memory' is the internal message, for the log.
      console.error(messages.downloadMemoryFailed, error);
      toast.error(messages.downloadFailedDetail, messages.downloadFailed);
    },
  });
  return { start: () => download.mutate(), downloading: download.isPending, percent };
}

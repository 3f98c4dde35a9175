// accounts §5: a profile picture is an image file under 5 MB; checked before any upload.
import { useEffect, useRef, useState } from 'react';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';

/** Why a file cannot be a profile picture, as the toast shows it; null when it can. */
export function profileImageProblem(file: { type: string; size: number }): { title: string; message: string } | null {
  if (!file.type.startsWith('image/')) return { title: messages.errorTitle, message: messages.imageTypeRefused };
  if (file.size >= PROFILE_IMAGE_MAX_BYTES) return { title: messages.profileImageTooLarge, message: messages.profileImageTooLargeDetail };
  return null;
}

export interface ImageChoice {
  file: File | null;
  /** A blob: address showing the chosen file until it is uploaded or cancelled. */
  previewUrl: string | null;
  /** Checks the file (toasting why not) and keeps it; false when refused. */
  choose: (file: File | null) => boolean;
  clear: () => void;
}

export function useImageChoice(): ImageChoice {
  const [choice, setChoice] = useState<{ file: File; previewUrl: string } | null>(null);
  const urlRef = useRef<string | null>(null);

  const replaceUrl = (next: string | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = next;
  };

  // Let the browser drop the preview's bytes when the screen goes away.
  useEffect(() => () => replaceUrl(null), []);

  return {
    file: choice?.file ?? null,
    previewUrl: choice?.previewUrl ?? null,
    choose(file) {
      if (!file) return false;
      const problem = profileImageProblem(file);
      if (problem) {
        toast.error(problem.message, problem.title);
        return false;
      }
      const previewUrl = URL.createObjectURL(file);
      replaceUrl(previewUrl);
      setChoice({ file, previewUrl });
      return true;
    },
    clear() {
      replaceUrl(null);
      setChoice(null);
    },
  };
}

import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../common/messages';
import { toast } from './toast';

/** How long Copy reads "Copied" before it reads "Copy" again. */
const COPIED_SHOWN_MS = 3_000;

/**
 * Passing a link on, the one way every link panel does it (invites, a storyteller's link):
 * Copy to the clipboard, or, where there is none (an insecure origin, a refused permission),
 * the link selected in its field for the person to copy themselves; and the device's share
 * sheet where the browser has one, falling back to Copy when it fails.
 */
export function useLinkHandOff(link: string, share: { title: string; text: string }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      field.current?.select();
      toast.info(messages.linkReady, messages.inviteCopyByHand);
    }
  }

  async function shareLink() {
    try {
      await navigator.share({ ...share, url: link });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to Copy.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copy();
    }
  }

  return { field, copied, canShare, copy, shareLink };
}

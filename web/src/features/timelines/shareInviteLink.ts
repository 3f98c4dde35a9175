import { toast } from '../../lib/toast';
import { messages } from '../../../../common/messages';

export const timelineInviteUrl = (inviteId: string) => `${window.location.origin}/timeline-invite/${inviteId}`;

/**
 * accounts §2 "Add People": the native share sheet first (cancelling it is silent), else
 * the clipboard ("Link copied"), else a toast with the link to copy by hand ("Invite ready").
 */
export async function shareInviteLink(url: string, share?: { title: string; text: string }): Promise<void> {
  if (share && typeof navigator.share === 'function') {
    try {
      await navigator.share({ ...share, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(messages.linkCopied);
  } catch {
    toast.info(messages.inviteReady, url);
  }
}

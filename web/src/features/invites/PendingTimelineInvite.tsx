import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../../../common/messages';
import { toUserText } from '../../api/errors';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { forgetTimelineInvite, pendingTimelineInvite, storeTimelineWelcome } from '../../lib/pendingInvites';

/**
 * accounts §4 "Timeline invite flow": an invite followed while signed out is processed after
 * sign-in; timelines refresh, welcome data is stored, and the user lands on / after 1 s.
 */
export function PendingTimelineInvite() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);

  const process = useApiMutation({
    // The welcome data and active timeline are stored before the list refreshes, so home and
    // onboarding see the joined timeline as the user's invitation at once.
    mutationFn: async (inviteId: string) => {
      const result = await api.timelineInvites.processPending(inviteId).finally(forgetTimelineInvite);
      if (result.timeline) {
        storeTimelineWelcome(result.timeline);
        localStorage.setItem('activeTimelineId', result.timeline.id);
      }
      return result;
    },
    success: () => ({ title: messages.inviteSuccess, message: messages.joinedTimeline }),
    error: () => messages.inviteProcessFailed,
    invalidate: [queryKeys.timelines],
    onSuccess: (result) => window.setTimeout(() => navigate(result.redirectTo ?? '/'), 1000),
    onError: (error) => console.error('Pending timeline invite failed', toUserText(error)),
  });

  useEffect(() => {
    const inviteId = pendingTimelineInvite();
    // The invite page handles its own invite.
    if (!inviteId || started.current || pathname.startsWith('/timeline-invite/')) return;
    started.current = true;
    process.mutate(inviteId);
  }, [pathname, process]);

  return null;
}

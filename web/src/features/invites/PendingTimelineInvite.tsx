import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { toast } from '../../lib/toast';
import { forgetTimelineInvite, pendingTimelineInvite, storeTimelineWelcome } from './pendingInvites';

/**
 * accounts §4 "Timeline invite flow": an invite followed while signed out is processed after
 * sign-in; timelines refresh, welcome data is stored, and the user lands on / after 1 s.
 */
export function PendingTimelineInvite() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    const inviteId = pendingTimelineInvite();
    // The invite page handles its own invite.
    if (!inviteId || started.current || pathname.startsWith('/timeline-invite/')) return;
    started.current = true;
    api.timelineInvites
      .processPending(inviteId)
      .then(async (result) => {
        forgetTimelineInvite();
        if (result.timeline) {
          storeTimelineWelcome(result.timeline);
          localStorage.setItem('activeTimelineId', result.timeline.id);
        }
        await queryClient.invalidateQueries({ queryKey: queryKeys.timelines });
        toast.success('Success!', 'You have joined the timeline');
        window.setTimeout(() => navigate(result.redirectTo ?? '/'), 1000);
      })
      .catch((error: unknown) => {
        forgetTimelineInvite();
        console.error('Pending timeline invite failed', errorMessage(error));
        toast.error('Failed to process invitation');
      });
  }, [pathname, navigate, queryClient]);

  return null;
}

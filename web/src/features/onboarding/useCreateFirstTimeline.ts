// accounts §4 "Profile setup" step 2: the first timeline (accounts §3: #3b82f6, icon Home,
// default, no description).
import { messages } from '../../../../common/messages';
import { FIRST_TIMELINE } from '../../../../common/timeline-colors';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import type { Timeline } from '../../api/types';
import { useApiMutation } from '../../api/useApiMutation';
import { rememberCreatedTimeline } from './storage';

export function useCreateFirstTimeline({ onCreated }: { onCreated: () => void }) {
  return useApiMutation<string, Timeline>({
    mutationFn: (name) => api.timelines.create({ name, ...FIRST_TIMELINE, description: null }),
    success: (_timeline, name) => ({ title: messages.firstTimelineCreated, message: messages.firstTimelineCreatedDetail(name) }),
    error: () => messages.firstTimelineCreateFailed,
    // The user may now have a default timeline as well as a first one.
    invalidate: [queryKeys.timelines, queryKeys.currentUser],
    onSuccess: (_timeline, name) => {
      rememberCreatedTimeline(name);
      onCreated();
    },
  });
}

// Timelines (accounts §2, §5): what other features may use. The Manage Timelines dialog is
// loaded on its own by the shell (shell/AppLayout.tsx), so it is not named here.
export { ACTIVE_TIMELINE_KEY, ActiveTimelineProvider, chooseActiveTimeline, useActiveTimeline } from './ActiveTimeline';
export { MemberRow } from './MemberRow';
export { TimelineDot } from './TimelineDot';
export { TimelineForm } from './TimelineForm';
export { toastBlankTimelineName, useCreateTimeline } from './useCreateTimeline';
export { useTimelines } from './useTimelines';

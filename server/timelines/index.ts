// What other features may use of timelines.
export { presentMember, presentTimeline, type MemberRow, type TimelineRow } from './present.js';
export { memberColumns } from './queries.js';
export { listTimelines } from './service.js';

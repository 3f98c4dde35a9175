// What other features may use of timelines.
export { presentTimeline, type TimelineRow } from './present.js';
export { listTimelines } from './service.js';
/** The one writer of `timeline_members`: a storyteller joins the timeline they are added to. */
export { addMember } from './invite-queries.js';

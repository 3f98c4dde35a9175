// What other features may use of timelines.
export { presentTimeline, type TimelineRow } from './present.js';
export { listTimelines } from './service.js';

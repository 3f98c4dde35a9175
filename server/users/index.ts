// What other features may use of users, and the one writer of their rows (for sign-up,
// families and timelines), each taking the caller's transaction.
export { presentUser } from './present.js';
export { clearDefaultTimeline, insertUser, joinFamilyIfNone, moveFamilyMembers, setDefaultTimeline, setPasswordHash } from './queries.js';

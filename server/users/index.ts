// What other features may use of users, and the one writer of their rows (for sign-up,
// families and timelines), each taking the caller's transaction.
export { presentUser } from './present.js';
// The reserved sign-in address of a storyteller, which sign-up and SSO refuse.
export { isReservedEmail, reservedEmailOf } from '../people/index.js';
export { clearDefaultTimeline, deleteStoryteller, insertUser, joinFamilyIfNone, leaveFamily, moveFamilyMembers, setDefaultTimeline, setDisplayName, setPasswordHash, turnNotificationsOff } from './queries.js';

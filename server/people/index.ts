// What other features may use of people: the person card and the columns it is read from.
export { presentMember, type MemberRow } from './present.js';
export { memberColumns } from './queries.js';
export { isReservedEmail, reservedEmailOf } from './reserved-address.js';

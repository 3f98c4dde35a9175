// What other features may use of users.
export { presentUser, mediaUrl } from './present.js';

// What other features may use of users.
export { presentUser } from './present.js';

// What other features may use of storytellers.
export { isReservedEmail } from './reserved-address.js';
export { createStoryteller } from './service.js';

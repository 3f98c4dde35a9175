// What other features may use of storytellers: adding one (the route table's world makes its
// storyteller so).
export { createStoryteller } from './service.js';

// What other features may use of families.
export { familyNameOf } from './queries.js';
export { familyNameFor } from './service.js';

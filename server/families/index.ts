// What other features may use of families.
export { familyNameFor } from './service.js';

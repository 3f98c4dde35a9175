// What other features may use of direct uploads: the sweep of abandoned ones, and the one
// writer of their rows for a memory that takes them (attach) or goes (forget), inside the
// caller's transaction.
export { attach, forget, openUploads } from './queries.js';
export { STALE_UPLOAD_MS, sweepStaleUploads } from './service.js';

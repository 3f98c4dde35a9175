// What other features may use of direct uploads: the sweep of abandoned ones.
export { STALE_UPLOAD_MS, sweepStaleUploads } from './service.js';

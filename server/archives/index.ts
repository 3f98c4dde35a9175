// Archives (memories §7; DESIGN "Archives", "Yours to keep"): a memory's zip, a month's, and a
// person's archive of everything. Its routes (routes.ts, with everything/routes.ts) serve them;
// the archive of everything is made by a job (everything/job.ts), which app.ts runs under
// EVERYTHING_ARCHIVE_KIND.
export { EVERYTHING_ARCHIVE_KIND, everythingArchiveHandler } from './everything/job.js';

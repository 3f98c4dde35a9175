// What other parts of the server may use of auth: the session behind a request's cookie,
// which app.ts hands to the session plugin (server/http/session.ts) and the page data reads.
export { resolveSession } from './sessions.js';

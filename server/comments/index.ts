// What other features may use of comments: a memory's conversation as its viewers see it
// (archives put it in metadata.json and memory_content.txt), and the job that writes a voice
// comment's words with the queueing of those still missing (app.ts, transcribe:missing).
export { listComments } from './service.js';
export { commentWords, queueMissingCommentWords } from './words.js';

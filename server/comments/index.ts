// What other features may use of comments: a memory's conversation as its viewers see it
// (archives put it in metadata.json and memory_content.txt).
export { listComments } from './service.js';

// What other features may use of memories: the JSON of a batch of memories (timeline pages,
// search, spotlight and archives show the same shape), and how a photo's files are told apart.
export { imageVariantOf, type ImageVariant } from './present.js';
export { filedOnAny, type MemoryRow } from './queries.js';
export { presentMemoriesFor } from './service.js';
export { spotlight, timelinePage } from './browse-service.js';

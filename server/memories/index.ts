// What other features may use of memories: the JSON of a batch of memories (timeline pages,
// search, spotlight and archives show the same shape), how a photo's files are told apart,
// and the one writer of memories and their shares for a timeline deleted or left and for
// families merged (each in the caller's transaction).
export { imageVariantOf, type ImageVariant } from './present.js';
export { deleteMemoriesFiledOnlyOn, filedOnAny, type MemoryRow } from './queries.js';
export { presentMemoriesFor } from './service.js';
// A story sent by a storyteller's link is made by the same path as POST /api/memories.
export { createMemory } from './service.js';
export { readMemoryForm } from './form.js';
export { mergeFamilyMemories, pruneSharesOfLeavers } from './sharing-queries.js';
export { spotlight, timelinePage } from './browse-service.js';
// The jobs that write the words of a memory's voice and its spoken answers, and the queueing of those still missing.
export { answerWords, memoryWords, queueMissingMemoryWords } from './words.js';

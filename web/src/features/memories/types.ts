// A memory as the API speaks it: the shared schema's types (common/memories.ts).
export type { Memory, MemoryImage, MemoryVideo } from '../../../../common/memories';

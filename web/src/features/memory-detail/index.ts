export { MemoryDetailProvider, useOpenMemory } from './MemoryDetailProvider';

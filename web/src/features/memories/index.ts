// The memories feature's public face (memories §2, §3): the card (card/), the one detail dialog
// opened anywhere through useOpenMemory (detail/, its edit view in edit/), deletion; issue 9:
// the private mark and the voice badge. Inside, card/ and detail/ share only what sits here
// beside this index (the marks, deletion, useOpenMemory); the detail's code loads on first open.
export { MemoryCard } from './card/MemoryCard';
export { VoiceBadge } from './card/VoiceBadge';
export { MemoryDetailProvider } from './detail/MemoryDetailProvider';
export { DeleteMemoryDialog } from './DeleteMemoryDialog';
export { useOpenMemory } from './openMemory';
export { PrivateMark } from './PrivateMark';
export type { Memory, MemoryImage, MemoryVideo } from './types';

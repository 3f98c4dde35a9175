// The memories feature's public face (memories §2, §3): the card (card/), the one detail dialog
// opened anywhere through useOpenMemory (detail/, its edit view in edit/), deletion; issue 9:
// the private mark and the voice badge. Inside, card/ and detail/ share only what sits here
// beside this index (the marks, deletion, useOpenMemory); the detail's code loads on first open.
/** The card, loaded on its own: home's spotlight shows one only after a tap (issue 21 "First load"). */
export const loadMemoryCard = () => import('./card/MemoryCard').then((module) => module.MemoryCard);
export { VoiceBadge } from './card/VoiceBadge';
export { MemoryDetailProvider } from './detail/MemoryDetailProvider';
export { useOpenMemory } from './openMemory';
export { PrivateMark } from './PrivateMark';
export type { Memory, MemoryImage, MemoryVideo } from './types';

// The memories feature's public face (memories §2, §3): cards, deletion, the list and the
// browser-side video thumbnail; issue 9: the private mark and the voice badge.
export { DeleteMemoryDialog } from './DeleteMemoryDialog';
export { MemoryCard } from './MemoryCard';
export { PrivateMark } from './PrivateMark';
export { isPrivateMemory } from './privacy';
export type { Memory, MemoryImage, MemoryVideo, PresignedUrl } from './types';
export { useDeleteMemory, useMemories } from './useMemories';
export { useVideoThumbnail } from './useVideoThumbnail';
export { captureVideoThumbnail } from './videoThumbnail';
export { VoiceBadge } from './VoiceBadge';

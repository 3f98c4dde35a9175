// Media playback shared by the memory cards, the memory detail dialog and comments
// (memories §2, §4, §8; issue 9 "Voice").
export { openMediaViewer, type ViewedMedia } from './openMediaViewer';
export type { VoicePlayback } from './useAudioToggle';
export { formatClipLength, formatPlayPosition, useVoicePlayback } from './useVoicePlayback';
export { VoiceClip } from './VoiceClip';
export { VoiceSeek } from './VoiceSeek';

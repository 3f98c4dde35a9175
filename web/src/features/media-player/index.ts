// Media playback shared by the memory cards, the memory detail dialog and comments
// (memories §2, §4, §8; issue 9 "Voice").
export { openMediaViewer, type ViewedMedia } from './openMediaViewer';
export { useAudioToggle } from './useAudioToggle';
export { formatClipLength, useVoicePlayback } from './useVoicePlayback';
export { VoiceClip } from './VoiceClip';

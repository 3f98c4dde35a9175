// Media playback shared by the memory detail dialog and comments (memories §2, §4, §8).
export { openMediaViewer, type ViewedMedia } from './openMediaViewer';
export { useAudioToggle } from './useAudioToggle';

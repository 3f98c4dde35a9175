// What other features may use of audio: the byte check for recordings (memory audio and
// voice comments take the same types as transcription).
export { AudioGate, detectAudio, type DetectedAudio } from './audio-type.js';

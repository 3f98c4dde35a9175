// What other features may use of audio: the byte check for recordings (memory audio and
// voice comments take the same types as transcription).
export { audioGate, type DetectedAudio } from './audio-type.js';

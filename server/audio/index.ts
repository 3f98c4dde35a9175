// What other features may use of audio: transcribing a recording already read. Recordings
// themselves come in through server/media (audioGate, stageAudio).
export { transcribeRecording, type TranscribeDeps } from './service.js';

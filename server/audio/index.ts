// What other features may use of audio: transcribing a recording already read, now or in
// the background once its row is saved. Recordings themselves come in through server/media
// (audioGate, stageAudio).
export { BackgroundTranscriptions, type BackgroundJob } from './background.js';
export { transcribeRecording, type TranscribeDeps } from './service.js';

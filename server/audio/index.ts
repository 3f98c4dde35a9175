// What other features may use of audio: transcribing a recording already read, and the job
// that writes a saved recording's words (words-jobs.ts), which each feature keeping recordings
// describes as a WordsTarget. Recordings themselves come in through server/media (audioGate,
// stageAudio).
export { transcribeRecording, type TranscribeDeps } from './service.js';
export { engineConfigured, queueWords, statusOfNewRecording, wordsInRow, wordsJobHandler, type WordsRow, type WordsTarget } from './words-jobs.js';

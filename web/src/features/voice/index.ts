// Voice (issue 9): one way to record and transcribe, shared by the capture wizard's recorder
// and spoken answers and by voice comments, and the panel shown when the microphone is refused.
export { MicrophoneHelp } from './MicrophoneHelp';
export { useRecordAndTranscribe, useTranscriptionAvailable, type TranscriptOutcome, type VoiceResult, type VoiceState } from './useRecordAndTranscribe';

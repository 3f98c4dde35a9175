// The capture feature (memories §2 "Memory capture wizard"). The shell opens it as its
// 'capture' dialog; the wizard's code loads the first time it opens.
export { LazyCaptureWizard } from './LazyCaptureWizard';
export { useAudioRecorder } from './useAudioRecorder';

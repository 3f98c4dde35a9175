// memories §2 "Voice recorder dialog": starts 0.5 s after opening, shows mm:ss, warns in the
// final 30 s, stops on Stop or at 10 minutes, then shows the transcription progress bar.
import { Alert, Button, Center, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerStopFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { RECORDER_AUTO_START_MS, RECORDING_MAX_MS } from '../../../../common/limits';
import { formatElapsed } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';
import { recordingWarningSeconds } from './recordingRules';
import { useAudioRecorder } from './useAudioRecorder';
import { useTranscription } from './useTranscription';

interface VoiceRecorderDialogProps {
  onClose: () => void;
  /** The recording and its transcription ('' when transcription failed: the audio is kept). */
  onComplete: (recording: Blob, transcription: string) => void;
}

/** Mounted only while open, so every opening starts afresh. */
export function VoiceRecorderDialog({ onClose, onComplete }: VoiceRecorderDialogProps) {
  const [transcribing, setTranscribing] = useState(false);
  const transcription = useTranscription();
  // The wizard may be discarded while the answer is on its way: then nothing is kept.
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const recorder = useAudioRecorder({
    maxMs: RECORDING_MAX_MS,
    onRecorded: (recording) => {
      setTranscribing(true);
      void transcription.transcribe(recording).then((text) => {
        if (!live.current) return;
        // memories §8: a failed transcription keeps the audio; text can be added by hand.
        if (!text) toast.info(messages.recordingSaved, messages.recordingSavedDetail);
        onComplete(recording, text ?? '');
        onClose();
      });
    },
    onError: () => {
      toast.error(messages.recordingErrorDetail, messages.recordingError);
      onClose();
    },
  });

  // memories §4: recording starts by itself 0.5 s after the dialog opens.
  const { start } = recorder;
  useEffect(() => {
    const timer = window.setTimeout(() => void start(), RECORDER_AUTO_START_MS);
    return () => window.clearTimeout(timer);
  }, [start]);

  // memories §2: a warning in the final 30 seconds.
  const secondsLeft = recorder.state === 'recording' ? recordingWarningSeconds(recorder.elapsedMs) : null;

  return (
    <Modal
      opened
      onClose={() => {
        if (transcribing) return;
        recorder.cancel();
        onClose();
      }}
      title="Voice Recorder"
      centered
      closeOnClickOutside={false}
      withCloseButton={!transcribing}
      closeButtonProps={{ 'aria-label': 'Close voice recorder' }}
      zIndex={300}
    >
      {transcribing ? (
        <Stack gap="sm" py="md">
          <Text fw={600}>Transcribing your recording...</Text>
          <Progress value={transcription.progress ?? 0} size="lg" striped animated aria-label="Transcription progress" />
          <Text size="sm" c="dimmed">
            {transcription.progress ?? 0}%
          </Text>
        </Stack>
      ) : (
        <Stack align="center" gap="md" py="md">
          {recorder.state === 'idle' ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text c="dimmed">Preparing microphone...</Text>
            </Group>
          ) : (
            <Group gap="xs" aria-live="polite">
              <Center w={12} h={12} bg="red" style={{ borderRadius: '50%' }} aria-hidden />
              <Text fw={600}>{recorder.state === 'stopping' ? 'Stopping...' : 'Recording'}</Text>
            </Group>
          )}
          <Text fz={40} fw={700} ff="monospace" aria-label="Elapsed time">
            {formatElapsed(recorder.elapsedMs)}
          </Text>
          {secondsLeft !== null && (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="status" w="100%">
              Recording stops in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'} (10-minute limit).
            </Alert>
          )}
          <Button
            color="red"
            leftSection={<IconPlayerStopFilled size={18} />}
            onClick={recorder.stop}
            disabled={recorder.state !== 'recording'}
          >
            Stop
          </Button>
        </Stack>
      )}
    </Modal>
  );
}

// memories §2 "Voice recorder dialog": starts 0.5 s after opening, shows mm:ss, warns in the
// final 30 s, stops on Stop or at 10 minutes, then shows the transcription progress bar (only
// when a transcription service is configured: DESIGN "Voice is never dropped"). Focus starts
// on Stop, the primary action; a refused microphone shows how to allow it (issue 9). While the
// bar runs, 'Save without waiting' hands the recording over with no words (issue 22).
import { Alert, Button, Center, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerStopFilled } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { RECORDER_AUTO_START_MS, RECORDING_MAX_MS } from '../../../../common/limits';
import { formatElapsed, recordingWarningSeconds } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';
import { MicrophoneHelp, useRecordAndTranscribe, type VoiceResult } from '../voice';
import { focusWithin } from './focusInside';

interface VoiceRecorderDialogProps {
  onClose: () => void;
  /** The recording, its length and its words ('' when there are none: the audio is kept). */
  onComplete: (result: VoiceResult) => void;
}

/** Mounted only while open, so every opening starts afresh. */
export function VoiceRecorderDialog({ onClose, onComplete }: VoiceRecorderDialogProps) {
  const body = useRef<HTMLDivElement>(null);
  const voice = useRecordAndTranscribe({
    maxMs: RECORDING_MAX_MS,
    onDone: (result) => {
      // memories §8: a failed transcription keeps the audio; text can be added by hand. With no
      // service at all there is nothing to report: the recording simply is there.
      if (result.outcome === 'failed') toast.info(messages.recordingSaved, messages.recordingSavedDetail);
      onComplete(result);
      onClose();
    },
  });

  // memories §4: recording starts by itself 0.5 s after the dialog opens.
  const { start } = voice;
  useEffect(() => {
    const timer = window.setTimeout(() => void start(), RECORDER_AUTO_START_MS);
    return () => window.clearTimeout(timer);
  }, [start]);

  // The panel replaces Stop and Stop replaces the panel: focus follows to the new primary action.
  const refused = voice.microphoneRefused;
  const transcribing = voice.state === 'transcribing';
  useEffect(() => {
    if (body.current?.contains(document.activeElement) || refused) focusWithin(body.current);
  }, [refused]);
  // Stop leaves when the words are awaited: focus goes to the one action left, not the page.
  const saveNow = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (transcribing) saveNow.current?.focus();
  }, [transcribing]);

  // memories §2: a warning in the final 30 seconds.
  const secondsLeft = voice.state === 'recording' ? recordingWarningSeconds(voice.elapsedMs) : null;
  const recording = voice.state === 'recording';

  return (
    <Modal
      opened
      onClose={() => {
        if (transcribing) return;
        voice.cancel();
        onClose();
      }}
      title={messages.voiceRecorderTitle}
      centered
      closeOnClickOutside={false}
      closeOnEscape={!transcribing}
      withCloseButton={!transcribing}
      closeButtonProps={{ 'aria-label': messages.voiceRecorderClose }}
      zIndex={300}
    >
      <div ref={body}>
        {refused ? (
          <MicrophoneHelp
            onRetry={() => void voice.start()}
            onClose={() => {
              voice.cancel();
              onClose();
            }}
          />
        ) : transcribing ? (
          <Stack gap="sm" py="md">
            <Text fw={600}>{messages.voiceTranscribing}</Text>
            <Progress value={voice.progress ?? 0} size="lg" striped animated aria-label={messages.transcriptionProgress} />
            <Text c="dimmed">{voice.progress ?? 0}%</Text>
            {/* Issue 22: a long story on a small machine need not hold the person here; the
                server writes the words after the save. Focus moves here from the gone Stop. */}
            <Button ref={saveNow} size="lg" variant="default" mih={44} onClick={voice.saveWithoutWaiting} w="fit-content">
              {messages.saveWithoutWaiting}
            </Button>
          </Stack>
        ) : (
          <Stack align="center" gap="md" py="md">
            {voice.state === 'idle' ? (
              <Group gap="xs">
                <Loader size="sm" />
                <Text c="dimmed">{messages.voicePreparing}</Text>
              </Group>
            ) : (
              <Group gap="xs" aria-live="polite">
                <Center w={12} h={12} bg="red" style={{ borderRadius: '50%' }} aria-hidden />
                <Text fw={600}>{voice.state === 'stopping' ? messages.voiceStopping : messages.voiceRecording}</Text>
              </Group>
            )}
            <Text fz={40} fw={700} ff="monospace" aria-label={messages.voiceElapsed}>
              {formatElapsed(voice.elapsedMs)}
            </Text>
            {secondsLeft !== null && (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="status" w="100%">
                {messages.voiceStopsIn(secondsLeft)}
              </Alert>
            )}
            {/* Focusable from the first moment (aria-disabled, not disabled), so focus can start here. */}
            <Button
              size="lg"
              color="red"
              leftSection={<IconPlayerStopFilled size={20} />}
              onClick={() => recording && voice.stop()}
              data-disabled={!recording || undefined}
              aria-disabled={!recording}
              data-autofocus
            >
              {messages.stop}
            </Button>
          </Stack>
        )}
      </div>
    </Modal>
  );
}

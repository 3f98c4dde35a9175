// memories §2 "Questions": one generated question, typed out; the answer by text or by voice;
// 'Another question' or 'Save and exit'.
import { ActionIcon, Badge, Button, Group, Loader, Progress, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { FOLLOW_UP_ANSWER_MAX_MS } from '../../../../common/limits';
import { formatElapsed } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';
import { TypedQuestion } from './TypedQuestion';
import { useAudioRecorder } from './useAudioRecorder';
import { useTranscription } from './useTranscription';

interface QuestionsStepProps {
  question: string | null;
  loading: boolean;
  answer: string;
  answeredCount: number;
  onAnswerChange: (answer: string) => void;
  onAnotherQuestion: () => void;
  onSaveAndExit: () => void;
}

export function QuestionsStep(props: QuestionsStepProps) {
  const { question, loading, answer, answeredCount, onAnswerChange } = props;
  const [transcribing, setTranscribing] = useState(false);
  const transcription = useTranscription();
  // Closing the wizard while an answer is transcribed unmounts this step: the late answer
  // must not land in the next, fresh draft (memories §2: closing resets everything).
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  // memories §4: the answer recording stops on toggle or after a 30-second safety timeout.
  const recorder = useAudioRecorder({
    maxMs: FOLLOW_UP_ANSWER_MAX_MS,
    onRecorded: (recording) => {
      setTranscribing(true);
      void transcription.transcribe(recording).then((text) => {
        if (!live.current) return;
        setTranscribing(false);
        transcription.reset();
        // What was typed before the recording stays; the spoken words, or the placeholder
        // of memories §8 when there are none, follow it.
        const typed = answer.trim();
        const spoken = text || (text === null ? messages.audioAnswerTranscriptionFailed : messages.audioAnswerNoTranscription);
        onAnswerChange(typed ? `${typed} ${spoken}` : spoken);
        if (text) toast.success(messages.recordingComplete, messages.recordingCompleteDetail);
        else if (text === null) toast.info(messages.recordingSaved, messages.recordingSavedDetail);
      });
    },
    onError: () => toast.error(messages.recordingErrorDetail, messages.recordingError),
  });
  const recording = recorder.state !== 'idle';
  const busy = loading || recording || transcribing;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Follow-up question
        </Text>
        {answeredCount > 0 && <Badge variant="light">{answeredCount} answered</Badge>}
      </Group>
      {loading ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Thinking of a question...</Text>
        </Group>
      ) : question ? (
        <TypedQuestion key={question} question={question} />
      ) : null}

      <Group align="flex-end" wrap="nowrap" gap="xs">
        <Textarea
          label="Your answer"
          placeholder="Type your answer, or record it"
          autosize
          minRows={3}
          maxRows={8}
          style={{ flex: 1 }}
          value={answer}
          onChange={(event) => onAnswerChange(event.currentTarget.value)}
          disabled={!question || recording || transcribing}
        />
        <Tooltip label={recording ? 'Stop recording' : 'Record answer'}>
          <ActionIcon
            size="xl"
            radius="xl"
            color={recording ? 'red' : undefined}
            variant={recording ? 'filled' : 'light'}
            aria-label={recording ? 'Stop recording' : 'Record answer'}
            onClick={recording ? recorder.stop : () => void recorder.start()}
            disabled={!question || transcribing || recorder.state === 'stopping'}
          >
            {recording ? <IconPlayerStopFilled size={20} /> : <IconMicrophone size={20} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      {recording && (
        <Text size="sm" c="red" aria-live="polite">
          Recording {formatElapsed(recorder.elapsedMs)} / {formatElapsed(FOLLOW_UP_ANSWER_MAX_MS)}
        </Text>
      )}
      {transcribing && <Progress value={transcription.progress ?? 0} striped animated aria-label="Transcription progress" />}

      <Group justify="space-between">
        <Button variant="default" onClick={props.onAnotherQuestion} disabled={busy}>
          Another question
        </Button>
        <Button onClick={props.onSaveAndExit} disabled={recording || transcribing}>
          Save and exit
        </Button>
      </Group>
    </Stack>
  );
}

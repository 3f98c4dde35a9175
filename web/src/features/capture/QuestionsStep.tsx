// memories §2 "Questions": one generated question, typed out; the answer by text or by voice;
// 'Another question' or 'Save and exit'. A spoken answer keeps its recording (DESIGN "Voice is
// never dropped"): it is played back here, kept in the draft and sent with the memory. Issue 22:
// 'Save without waiting' keeps it with the placeholder while its words are written on the server.
import { ActionIcon, Badge, Button, Group, Loader, Progress, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FOLLOW_UP_ANSWER_MAX_MS } from '../../../../common/limits';
import { formatElapsed } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';
import { MicrophoneHelp, useRecordAndTranscribe, type TranscriptOutcome } from '../voice';
import { TypedQuestion } from './TypedQuestion';
import { UndoNotice } from './UndoNotice';
import { useObjectUrls } from '../../lib/useObjectUrls';

/** The words a spoken answer stands for when it has none of its own (memories §8). */
function spokenText(text: string, outcome: TranscriptOutcome): string {
  if (outcome === 'transcribed') return text;
  if (outcome === 'failed') return messages.audioAnswerTranscriptionFailed;
  return messages.audioAnswerNoTranscription;
}

export interface SpokenAnswer {
  answer: string;
  audio: Blob | null;
  audioDuration: number | null;
}

interface QuestionsStepProps {
  question: string | null;
  loading: boolean;
  answer: string;
  answerAudio: Blob | null;
  answerAudioDuration: number | null;
  answeredCount: number;
  onAnswerChange: (answer: string) => void;
  /** A recording was added to (or taken from) the answer. */
  onSpokenAnswer: (spoken: SpokenAnswer) => void;
  onAnotherQuestion: () => void;
  onSaveAndExit: () => void;
}

export function QuestionsStep(props: QuestionsStepProps) {
  const { question, loading, answer, answerAudio, answerAudioDuration, answeredCount, onAnswerChange, onSpokenAnswer } = props;
  const [removed, setRemoved] = useState<SpokenAnswer | null>(null);
  const audios = useMemo(() => (answerAudio ? [answerAudio] : []), [answerAudio]);
  const [answerAudioUrl] = useObjectUrls(audios);

  // memories §4: the answer recording stops on toggle or after a 30-second safety timeout.
  const voice = useRecordAndTranscribe({
    maxMs: FOLLOW_UP_ANSWER_MAX_MS,
    onDone: ({ recording, durationSeconds, transcription, outcome }) => {
      // What was typed before the recording stays; the spoken words, or the placeholder of
      // memories §8 when there are none, follow it.
      const typed = answer.trim();
      const spoken = spokenText(transcription, outcome);
      onSpokenAnswer({ answer: typed ? `${typed} ${spoken}` : spoken, audio: recording, audioDuration: durationSeconds });
      setRemoved(null);
      if (outcome === 'transcribed') toast.success(messages.recordingComplete, messages.recordingCompleteDetail);
      else if (outcome === 'failed') toast.info(messages.recordingSaved, messages.recordingSavedDetail);
    },
  });
  const recording = voice.state === 'recording' || voice.state === 'stopping';
  const transcribing = voice.state === 'transcribing';
  const busy = loading || recording || transcribing;
  // The record toggle is disabled while the words are written: focus goes to the action left.
  const saveNow = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (transcribing) saveNow.current?.focus();
  }, [transcribing]);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed">{messages.followUpQuestionHeading}</Text>
        {answeredCount > 0 && <Badge variant="light">{messages.followUpAnsweredCount(answeredCount)}</Badge>}
      </Group>
      {loading ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">{messages.followUpThinking}</Text>
        </Group>
      ) : question ? (
        <TypedQuestion key={question} question={question} />
      ) : null}

      <Group align="flex-end" wrap="nowrap" gap="xs">
        <Textarea
          label={messages.followUpYourAnswer}
          description={messages.followUpYourAnswerDescription}
          autosize
          minRows={3}
          maxRows={8}
          style={{ flex: 1 }}
          value={answer}
          onChange={(event) => onAnswerChange(event.currentTarget.value)}
          disabled={!question || recording || transcribing}
          data-autofocus
        />
        {!answerAudio && (
          <Tooltip label={recording ? messages.stopRecording : messages.followUpRecordAnswer}>
            <ActionIcon
              size={48}
              radius="xl"
              color={recording ? 'red' : undefined}
              variant={recording ? 'filled' : 'light'}
              aria-label={recording ? messages.stopRecording : messages.followUpRecordAnswer}
              onClick={recording ? voice.stop : () => void voice.start()}
              disabled={!question || transcribing || voice.state === 'stopping'}
            >
              {recording ? <IconPlayerStopFilled size={22} /> : <IconMicrophone size={22} />}
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {recording && (
        <Text c="red" aria-live="polite">
          {messages.followUpRecordingElapsed(formatElapsed(voice.elapsedMs), formatElapsed(FOLLOW_UP_ANSWER_MAX_MS))}
        </Text>
      )}
      {transcribing && (
        <>
          <Progress value={voice.progress ?? 0} striped animated aria-label={messages.transcriptionProgress} />
          {/* Issue 22: the answer is kept with the placeholder; the server writes its words later. */}
          <Button ref={saveNow} size="md" mih={44} variant="default" w="fit-content" onClick={voice.saveWithoutWaiting}>
            {messages.saveWithoutWaiting}
          </Button>
        </>
      )}
      {voice.microphoneRefused && <MicrophoneHelp onRetry={() => void voice.start()} />}
      {answerAudioUrl && (
        <Group gap="xs">
          {/* A player needs room for its slider: on a phone it takes the line and the button wraps below. */}
          <audio controls src={answerAudioUrl} aria-label={messages.yourSpokenAnswer} style={{ flex: '1 1 260px', minWidth: 0 }} />
          <Button
            size="md"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={18} />}
            onClick={() => {
              setRemoved({ answer, audio: answerAudio, audioDuration: answerAudioDuration });
              onSpokenAnswer({ answer, audio: null, audioDuration: null });
            }}
          >
            {messages.removeRecording}
          </Button>
        </Group>
      )}
      {removed && !answerAudio && (
        <UndoNotice
          text={messages.answerRecordingRemoved}
          onUndo={() => {
            onSpokenAnswer({ answer, audio: removed.audio, audioDuration: removed.audioDuration });
            setRemoved(null);
          }}
        />
      )}

      <Group justify="space-between">
        <Button size="md" variant="default" onClick={props.onAnotherQuestion} disabled={busy}>
          {messages.followUpAnotherQuestion}
        </Button>
        <Button size="md" onClick={props.onSaveAndExit} disabled={recording || transcribing}>
          {messages.followUpSaveAndExit}
        </Button>
      </Group>
    </Stack>
  );
}

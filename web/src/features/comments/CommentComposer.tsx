// memories §2, §4, §5: a text box with Send (disabled while the text is blank) and a voice
// control: idle → recording → stopped; the recorder stops 100 ms after the stop request
// (the shared useRecordAndTranscribe) and the recording is then sent as a comment by itself.
// The server transcribes voice comments later, so the recording is not transcribed here.
// Issue 26: a comment that cannot go now (offline, no answer, a 5xx) is kept in the outbox and
// the box clears as after a send; the toast says it is kept and will be sent by itself.
import { ActionIcon, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled, IconSend } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { RECORDING_MAX_MS } from '../../../../common/limits';
import { formatElapsed } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import { newIdempotencyKey } from '../../api/idempotency';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth';
import { MicrophoneHelp, useRecordAndTranscribe } from '../voice';
import { useAddComment } from './useComments';

export function CommentComposer({ memoryId }: { memoryId: string }) {
  // Whose outbox keeps what cannot go now.
  const owner = useCurrentUser().user?.id ?? null;
  const [text, setText] = useState('');
  // issue 20: one Idempotency-Key per comment being composed, sent again by every try until
  // one succeeds, so a send whose answer was lost is not posted twice; a new one after.
  const [textKey, setTextKey] = useState(newIdempotencyKey);
  const addText = useAddComment(memoryId, owner, {
    onAdded: () => {
      setText('');
      setTextKey(newIdempotencyKey());
    },
  });
  // A recording the server did not take is kept here, with its key, until it is sent: nothing said is lost.
  const [unsentVoice, setUnsentVoice] = useState<{ audio: Blob; idempotencyKey: string } | null>(null);
  const addVoice = useAddComment(memoryId, owner, { onAdded: () => setUnsentVoice(null) });
  const sendVoice = (voice: { audio: Blob; idempotencyKey: string }) => {
    setUnsentVoice(voice);
    addVoice.mutate(voice);
  };
  const recorder = useRecordAndTranscribe({
    // memories §9: the same 10-minute ceiling as a memory's recording.
    maxMs: RECORDING_MAX_MS,
    transcribe: false,
    onDone: ({ recording }) => sendVoice({ audio: recording, idempotencyKey: newIdempotencyKey() }),
  });

  const send = () => {
    // memories §5: non-blank text or a voice recording, else 'Empty comment'.
    const content = text.trim();
    if (!content) {
      toast.error(messages.commentToastEmptyDetail, messages.commentToastEmpty);
      return;
    }
    addText.mutate({ content, idempotencyKey: textKey });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line: the whole box works by keyboard.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!addText.isPending) send();
    }
  };

  const recording = recorder.state !== 'idle';
  return (
    <Stack gap="xs">
      <Textarea
        label={messages.commentWriteLabel}
        placeholder={messages.commentWritePlaceholder}
        autosize
        minRows={2}
        maxRows={6}
        size="md"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        disabled={addText.isPending}
      />
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            size={44}
            radius="xl"
            variant={recording ? 'filled' : 'light'}
            color={recording ? 'red' : undefined}
            aria-label={recording ? messages.commentStopAndSend : messages.commentRecordVoice}
            disabled={recorder.state === 'stopping' || addVoice.isPending || unsentVoice !== null}
            loading={addVoice.isPending}
            onClick={() => (recording ? recorder.stop() : void recorder.start())}
          >
            {recording ? <IconPlayerStopFilled size={20} /> : <IconMicrophone size={20} />}
          </ActionIcon>
          <Text c="dimmed" aria-live="polite">
            {recorder.state === 'recording'
              ? messages.commentRecordingElapsed(formatElapsed(recorder.elapsedMs))
              : recorder.state === 'stopping' || addVoice.isPending
                ? messages.commentSendingVoice
                : ''}
          </Text>
        </Group>
        <Button size="md" rightSection={<IconSend size={18} />} onClick={send} disabled={!text.trim()} loading={addText.isPending}>
          {messages.send}
        </Button>
      </Group>
      {recorder.microphoneRefused && <MicrophoneHelp onRetry={() => void recorder.start()} />}
      {unsentVoice && !addVoice.isPending && (
        <Button size="md" variant="light" leftSection={<IconSend size={18} />} onClick={() => sendVoice(unsentVoice)}>
          {messages.commentSendVoiceAgain}
        </Button>
      )}
    </Stack>
  );
}

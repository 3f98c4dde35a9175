// memories §2 "Start": title, notes, a voice recording, photos and a video. Removing a
// recording or a file offers Undo in place (issue 9 "Nothing lost").
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconMicrophone, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MEMORY_TEXT_MAX } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { notesWithTitleRest } from '../../../../common/title-rules';
import { missingForNext, type CaptureDraft } from './draft';
import { MediaPicker } from './MediaPicker';
import { TitleField } from './TitleField';
import { UndoNotice } from './UndoNotice';
import { useObjectUrls } from '../../lib/useObjectUrls';

interface StartStepProps {
  draft: CaptureDraft;
  update: (change: Partial<CaptureDraft>) => void;
  onRecord: () => void;
  onRemoveRecording: () => void;
  onRemoveImage: (index: number) => void;
  onVideoChosen: (file: File) => void;
  onRemoveVideo: () => void;
  /** The last removal, offered back until the next one, beside where it was. */
  undo: { text: string; place: 'voice' | 'media'; onUndo: () => void } | null;
  onNext: () => void;
}

export function StartStep({ draft, update, onRecord, onRemoveRecording, onRemoveImage, onVideoChosen, onRemoveVideo, undo, onNext }: StartStepProps) {
  const recordings = useMemo(() => (draft.recording ? [draft.recording] : []), [draft.recording]);
  const [recordingUrl] = useObjectUrls(recordings);
  const titleInput = useRef<HTMLInputElement>(null);
  const notesInput = useRef<HTMLTextAreaElement>(null);
  // What Next found missing (issue 20): said beside its field until it is given, not only in a toast.
  // The spec's toast is the one alert; the field's words are its description (aria-invalid,
  // aria-describedby), read when focus lands there, so a screen reader hears them once more at
  // most, not as a second alert at the same moment.
  const [nextPresses, setNextPresses] = useState(0);
  const missing = nextPresses > 0 ? missingForNext(draft) : null;

  const draftAtPress = useRef(draft);
  // After the render that marks the field invalid, so moving there reads its error too.
  useEffect(() => {
    if (nextPresses === 0) return;
    const lacking = missingForNext(draftAtPress.current);
    if (lacking === 'title') titleInput.current?.focus();
    if (lacking === 'content') notesInput.current?.focus();
  }, [nextPresses]);

  function pressNext() {
    draftAtPress.current = draft;
    setNextPresses((presses) => presses + 1);
    onNext();
  }

  return (
    <Stack gap="md">
      <TitleField
        ref={titleInput}
        note={draft.prompt && draft.title === draft.prompt ? messages.titleSuggestedFromPrompt : undefined}
        placeholder={messages.captureTitlePlaceholder}
        value={draft.title}
        onChange={(title) => update({ title })}
        onRest={(titleRest) => update({ notes: notesWithTitleRest(titleRest, draft.notes) })}
        error={missing === 'title' ? messages.captureMissingTitleDetail : undefined}
        announceError={false}
        data-autofocus
      />
      <Textarea
        ref={notesInput}
        size="md"
        label={messages.notesLabel}
        description={messages.captureNotesDescription}
        autosize
        maxLength={MEMORY_TEXT_MAX}
        minRows={3}
        maxRows={10}
        value={draft.notes}
        onChange={(event) => update({ notes: event.currentTarget.value })}
        error={missing === 'content' ? messages.captureContentRequiredDetail : undefined}
        errorProps={{ fz: 'md' }}
      />

      <Stack gap="xs" data-capture-voice>
        <Text fw={500}>{messages.captureVoiceHeading}</Text>
        {recordingUrl ? (
          <Group gap="xs">
            {/* A player needs room for its slider: on a phone it takes the line and the button wraps below. */}
            <audio controls src={recordingUrl} aria-label={messages.captureYourVoiceRecording} style={{ flex: '1 1 260px', minWidth: 0 }} />
            <Button size="md" variant="subtle" color="red" leftSection={<IconTrash size={18} />} onClick={onRemoveRecording}>
              {messages.removeRecording}
            </Button>
          </Group>
        ) : (
          <Button size="md" variant="light" leftSection={<IconMicrophone size={20} />} onClick={onRecord} w="fit-content">
            {messages.captureVoiceRecording}
          </Button>
        )}
        {undo?.place === 'voice' && <UndoNotice text={undo.text} onUndo={undo.onUndo} />}
        {(draft.recording || draft.transcription) && (
          <Textarea
            size="md"
            label={messages.transcriptionLabel}
            description={messages.captureTranscriptionDescription}
            autosize
            maxLength={MEMORY_TEXT_MAX}
            minRows={2}
            maxRows={8}
            value={draft.transcription}
            onChange={(event) => update({ transcription: event.currentTarget.value })}
          />
        )}
        {/* Issue 22: saved without waiting, the field stays empty and says why; words typed here win. */}
        {draft.recording && draft.transcriptionPending && !draft.transcription.trim() && (
          <Text c="dimmed" role="status">
            {messages.wordsAddedWhenReady}
          </Text>
        )}
      </Stack>

      <Stack gap="xs">
        <Text fw={500}>{messages.capturePhotosAndVideo}</Text>
        <MediaPicker
          images={draft.images}
          video={draft.video}
          onImagesChange={(images) => update({ images })}
          onImageRemoved={onRemoveImage}
          onVideoChosen={onVideoChosen}
          onVideoRemoved={onRemoveVideo}
        />
      </Stack>

      {undo?.place === 'media' && <UndoNotice text={undo.text} onUndo={undo.onUndo} />}

      <Group justify="flex-end">
        <Button size="md" onClick={pressNext}>
          {messages.next}
        </Button>
      </Group>
    </Stack>
  );
}

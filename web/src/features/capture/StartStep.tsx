// memories §2 "Start": title, notes, a voice recording, photos and a video.
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconMicrophone, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { CaptureDraft } from './draft';
import { MediaPicker } from './MediaPicker';
import { useObjectUrls } from './useObjectUrl';

interface StartStepProps {
  draft: CaptureDraft;
  update: (change: Partial<CaptureDraft>) => void;
  onRecord: () => void;
  onVideoChosen: (file: File) => void;
  onNext: () => void;
}

export function StartStep({ draft, update, onRecord, onVideoChosen, onNext }: StartStepProps) {
  const recordings = useMemo(() => (draft.recording ? [draft.recording] : []), [draft.recording]);
  const [recordingUrl] = useObjectUrls(recordings);

  return (
    <Stack gap="md">
      <TextInput
        label="Title"
        placeholder="Give your memory a title"
        value={draft.title}
        onChange={(event) => update({ title: event.currentTarget.value })}
        data-autofocus
      />
      <Textarea
        label="Notes"
        placeholder="What happened? Who was there? How did it feel?"
        autosize
        minRows={3}
        maxRows={10}
        value={draft.notes}
        onChange={(event) => update({ notes: event.currentTarget.value })}
      />

      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Voice
        </Text>
        {recordingUrl ? (
          <Group gap="xs" wrap="nowrap">
            <audio controls src={recordingUrl} aria-label="Your voice recording" style={{ flex: 1, minWidth: 0 }} />
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => update({ recording: null, transcription: '' })}>
              Remove recording
            </Button>
          </Group>
        ) : (
          <Button variant="light" leftSection={<IconMicrophone size={18} />} onClick={onRecord} w="fit-content">
            Voice recording
          </Button>
        )}
        {(draft.recording || draft.transcription) && (
          <Textarea
            label="Transcription"
            placeholder="Add what you said, if the transcription is missing"
            autosize
            minRows={2}
            maxRows={8}
            value={draft.transcription}
            onChange={(event) => update({ transcription: event.currentTarget.value })}
          />
        )}
      </Stack>

      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Photos and video
        </Text>
        <MediaPicker
          images={draft.images}
          video={draft.video}
          onImagesChange={(images) => update({ images })}
          onVideoChosen={onVideoChosen}
          onVideoRemoved={() => update({ video: null })}
        />
      </Stack>

      <Group justify="flex-end">
        <Button onClick={onNext}>Next</Button>
      </Group>
    </Stack>
  );
}

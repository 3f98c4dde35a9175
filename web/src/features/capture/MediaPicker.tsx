// memories §2, §5: up to 3 photos (extra chosen files are dropped) and 1 video, with previews.
import { ActionIcon, Badge, Box, Button, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconVideo, IconVideoPlus, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { CAPTURE_IMAGES_MAX, CAPTURE_VIDEOS_MAX } from '../../../../common/limits';
import { IMAGE_PICKER_ACCEPT } from '../../../../common/media';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';
import type { CaptureVideo } from './draft';
import { useObjectUrls } from './useObjectUrl';

interface MediaPickerProps {
  images: File[];
  video: CaptureVideo | null;
  onImagesChange: (images: File[]) => void;
  /** Removing offers Undo (issue 9), so the wizard decides what a removal keeps. */
  onImageRemoved: (index: number) => void;
  onVideoChosen: (file: File) => void;
  onVideoRemoved: () => void;
}

// 44 px: a touch target a thumb can find on a phone (issue 9).
const removeButton = { pos: 'absolute', top: 4, right: 4, size: 44, radius: 'xl', color: 'dark', variant: 'filled' } as const;

export function MediaPicker({ images, video, onImagesChange, onImageRemoved, onVideoChosen, onVideoRemoved }: MediaPickerProps) {
  const photoInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const previews = useObjectUrls(images);
  const full = images.length >= CAPTURE_IMAGES_MAX;

  function choosePhotos(files: FileList | null) {
    // memories §5: at most 3; extra chosen files are dropped.
    if (files?.length) onImagesChange([...images, ...Array.from(files)].slice(0, CAPTURE_IMAGES_MAX));
  }

  function openVideoPicker() {
    // memories §5: the wizard takes 1 video.
    if ((video ? 1 : 0) >= CAPTURE_VIDEOS_MAX) {
      toast.error(messages.captureMaxVideosDetail, messages.maxVideosTitle);
      return;
    }
    videoInput.current?.click();
  }

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button size="md" variant="default" leftSection={<IconPhotoPlus size={18} />} onClick={() => photoInput.current?.click()} disabled={full}>
          Add photos ({images.length}/{CAPTURE_IMAGES_MAX})
        </Button>
        <Button size="md" variant="default" leftSection={<IconVideoPlus size={18} />} onClick={openVideoPicker}>
          Add video
        </Button>
      </Group>
      <input
        ref={photoInput}
        type="file"
        accept={IMAGE_PICKER_ACCEPT}
        multiple
        hidden
        aria-label="Choose photos"
        onChange={(event) => {
          choosePhotos(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      <input
        ref={videoInput}
        type="file"
        accept="video/*"
        hidden
        aria-label="Choose a video"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) onVideoChosen(file);
          event.currentTarget.value = '';
        }}
      />
      {(images.length > 0 || video) && (
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" aria-label="Chosen media">
          {images.map((image, index) => (
            <Box key={previews[index]} pos="relative">
              <Image src={previews[index]} alt={`Photo ${index + 1}: ${image.name}`} h={112} radius="md" fit="cover" />
              <ActionIcon
                {...removeButton}
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => onImageRemoved(index)}
              >
                <IconX size={20} />
              </ActionIcon>
            </Box>
          ))}
          {video && (
            <Box pos="relative">
              {video.thumbnail ? (
                <Image src={video.thumbnail} alt={`Video: ${video.file.name}`} h={112} radius="md" fit="cover" data-testid="video-thumbnail" />
              ) : (
                <Stack h={112} gap={2} align="center" justify="center" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 8 }}>
                  <IconVideo size={24} />
                  <Text size="xs" px={4} truncate maw="100%">
                    {video.file.name}
                  </Text>
                </Stack>
              )}
              <Badge pos="absolute" bottom={6} left={6} size="sm" color="dark" leftSection={<IconVideo size={10} />}>
                Video
              </Badge>
              <ActionIcon {...removeButton} aria-label="Remove video" onClick={onVideoRemoved}>
                <IconX size={20} />
              </ActionIcon>
            </Box>
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}

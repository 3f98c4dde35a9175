// memories §2, §5: up to 3 photos (extra chosen files are dropped) and 1 video, with previews.
// Each chosen file is checked by its first bytes at once (issue 20, common/media-sniff.ts): one
// that is not a photo or video we take is refused by name beside the picker, and a photo past
// the third is said kindly, by name; the server still checks every file as it arrives.
import { ActionIcon, Badge, Box, Button, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconVideo, IconVideoPlus, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { CAPTURE_IMAGES_MAX, CAPTURE_VIDEOS_MAX } from '../../../../common/limits';
import { IMAGE_PICKER_ACCEPT } from '../../../../common/media';
import { sortChosenFiles } from '../../../../common/media-sniff';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';
import type { CaptureVideo } from './draft';
import { useObjectUrls } from '../../lib/useObjectUrls';
import { MediaNotices, type MediaNotice } from './MediaNotices';

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

  // What the last choice refused or left out, said beside the buttons and announced.
  const [notices, setNotices] = useState<MediaNotice[]>([]);
  // The files are read before they are added: the photos chosen meanwhile are the latest ones.
  const latestImages = useRef(images);
  useEffect(() => {
    latestImages.current = images;
  });

  async function choosePhotos(files: File[]) {
    if (!files.length) return;
    const { accepted, refused } = await sortChosenFiles(files, 'photo');
    const current = latestImages.current;
    // memories §5: at most 3; the first chosen stay, the rest are dropped and named.
    const room = Math.max(0, CAPTURE_IMAGES_MAX - current.length);
    const left = accepted.slice(room).map((file) => file.name);
    setNotices([
      ...refused.map((name) => ({ text: messages.fileNotAPhoto(name), refused: true })),
      ...(left.length ? [messages.photosKeptFirst(CAPTURE_IMAGES_MAX), ...left.map(messages.fileNotAdded)].map((text) => ({ text, refused: false })) : []),
    ]);
    if (accepted.length && room > 0) onImagesChange([...current, ...accepted.slice(0, room)]);
  }

  async function chooseVideo(file: File) {
    const { accepted } = await sortChosenFiles([file], 'video');
    setNotices(accepted.length ? [] : [{ text: messages.fileNotAVideo(file.name), refused: true }]);
    if (accepted.length) onVideoChosen(file);
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
          {messages.captureAddPhotos(images.length, CAPTURE_IMAGES_MAX)}
        </Button>
        <Button size="md" variant="default" leftSection={<IconVideoPlus size={18} />} onClick={openVideoPicker}>
          {messages.captureAddVideo}
        </Button>
      </Group>
      <input
        ref={photoInput}
        type="file"
        accept={IMAGE_PICKER_ACCEPT}
        multiple
        hidden
        aria-label={messages.captureChoosePhotos}
        onChange={(event) => {
          void choosePhotos(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = '';
        }}
      />
      <input
        ref={videoInput}
        type="file"
        accept="video/*"
        hidden
        aria-label={messages.captureChooseVideo}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void chooseVideo(file);
          event.currentTarget.value = '';
        }}
      />
      <MediaNotices notices={notices} />
      {(images.length > 0 || video) && (
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" aria-label={messages.captureChosenMedia}>
          {images.map((image, index) => (
            <Box key={previews[index]} pos="relative">
              <Image src={previews[index]} alt={messages.capturePhotoPreview(index + 1, image.name)} h={112} radius="md" fit="cover" />
              <ActionIcon
                {...removeButton}
                aria-label={messages.captureRemovePhoto(index + 1)}
                onClick={() => onImageRemoved(index)}
              >
                <IconX size={20} />
              </ActionIcon>
            </Box>
          ))}
          {video && (
            <Box pos="relative">
              {video.thumbnail ? (
                <Image src={video.thumbnail} alt={messages.captureVideoPreview(video.file.name)} h={112} radius="md" fit="cover" data-testid="video-thumbnail" />
              ) : (
                <Stack h={112} gap={2} align="center" justify="center" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 8 }}>
                  <IconVideo size={24} />
                  <Text size="xs" px={4} truncate maw="100%">
                    {video.file.name}
                  </Text>
                </Stack>
              )}
              <Badge pos="absolute" bottom={6} left={6} size="sm" color="dark" leftSection={<IconVideo size={10} />}>
                {messages.videoBadge}
              </Badge>
              <ActionIcon {...removeButton} aria-label={messages.captureRemoveVideo} onClick={onVideoRemoved}>
                <IconX size={20} />
              </ActionIcon>
            </Box>
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}

// memories §2, §4, §5: the add-media panel of the edit view. Existing media marked for
// deletion is dimmed with 'Marked for deletion' and an Undo; new media shows as previews.
// Chosen files are checked by their first bytes at once (issue 20, common/media-sniff.ts).
import { ActionIcon, AspectRatio, Box, Button, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconPhotoPlus, IconTrash, IconVideoPlus, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CAPTURE_IMAGES_MAX, MEMORY_VIDEOS_MAX } from '../../../../../common/limits';
import { IMAGE_PICKER_ACCEPT } from '../../../../../common/media';
import { sortChosenFiles } from '../../../../../common/media-sniff';
import type { Memory } from '../../../../../common/memories';
import { imageUrlOf, mediaUrl, videoUrlOf } from '../../../../../common/memories-rules';
import { messages } from '../../../../../common/messages';
import { toast } from '../../../lib/toast';
import { useObjectUrls } from '../../../lib/useObjectUrls';
import { MediaNotices, type MediaNotice } from '../../capture';
import { canRestoreImage, canRestoreVideo, chooseImages, chooseVideos, imageCount, videoCount, type MemoryDraft } from './editRules';

interface EditMediaPanelProps {
  memory: Memory;
  draft: MemoryDraft;
  onChange: (change: Partial<MemoryDraft>) => void;
  disabled: boolean;
}

const toggle = (ids: readonly string[], id: string) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]);

function MediaTile({ children, marked, label, onMark, onUndo, disabled }: {
  children: ReactNode;
  marked: boolean;
  label: string;
  onMark: () => void;
  onUndo: () => void;
  disabled: boolean;
}) {
  return (
    <Box pos="relative" aria-label={label} role="group">
      <Box style={{ opacity: marked ? 0.35 : 1, borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>{children}</Box>
      {marked ? (
        <Stack pos="absolute" inset={0} align="center" justify="center" gap={4}>
          <Text fw={700} c="white" bg="rgba(0,0,0,0.75)" px="xs" style={{ borderRadius: 4 }}>
            {messages.detailMarkedForDeletion}
          </Text>
          <Button size="md" variant="white" color="dark" leftSection={<IconArrowBackUp size={18} />} onClick={onUndo} disabled={disabled} aria-label={messages.editUndoKeep(label)}>
            {messages.undo}
          </Button>
        </Stack>
      ) : (
        <ActionIcon pos="absolute" top={4} right={4} size={44} radius="xl" color="red" variant="filled" aria-label={messages.editDeleteTile(label)} onClick={onMark} disabled={disabled}>
          <IconTrash size={20} />
        </ActionIcon>
      )}
    </Box>
  );
}

export function EditMediaPanel({ memory, draft, onChange, disabled }: EditMediaPanelProps) {
  const photoInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const imagePreviews = useObjectUrls(draft.newImages);
  const images = imageCount(memory, draft);
  const videos = videoCount(memory, draft);

  // What the last choice refused or left out (issue 20), said beside the buttons and announced.
  const [notices, setNotices] = useState<MediaNotice[]>([]);
  // The files' bytes are read before they are added: the draft as it is by then.
  const latestDraft = useRef(draft);
  useEffect(() => {
    latestDraft.current = draft;
  });

  const addImages = async (chosen: File[]) => {
    if (!chosen.length) return;
    const sorted = await sortChosenFiles(chosen, 'photo');
    const current = latestDraft.current;
    const { accepted, dropped } = chooseImages(memory, current, sorted.accepted);
    const left = sorted.accepted.slice(accepted.length).map((file) => file.name);
    setNotices([
      ...sorted.refused.map((name) => ({ text: messages.fileNotAPhoto(name), refused: true })),
      ...(left.length ? [messages.photosKeptFirst(CAPTURE_IMAGES_MAX), ...left.map(messages.fileNotAdded)].map((text) => ({ text, refused: false })) : []),
    ]);
    if (dropped > 0) toast.error(messages.detailMaxImagesReachedDetail, messages.detailMaxImagesReached);
    if (accepted.length) onChange({ newImages: [...current.newImages, ...accepted] });
  };
  const addVideos = async (chosen: File[]) => {
    if (!chosen.length) return;
    // memories §5: a video over 250 MB rejects the whole selection, before any byte is read.
    if (chooseVideos(memory, latestDraft.current, chosen).tooLarge) {
      toast.error(messages.detailVideoTooLargeDetail, messages.detailVideoTooLarge);
      return;
    }
    const sorted = await sortChosenFiles(chosen, 'video');
    setNotices(sorted.refused.map((name) => ({ text: messages.fileNotAVideo(name), refused: true })));
    const current = latestDraft.current;
    if (!sorted.accepted.length) return;
    const choice = chooseVideos(memory, current, sorted.accepted);
    if (choice.tooLarge) return;
    if (choice.dropped > 0) toast.error(messages.detailMaxVideosReachedDetail, messages.maxVideosTitle);
    if (choice.accepted.length) onChange({ newVideos: [...current.newVideos, ...choice.accepted] });
  };
  const openPicker = (input: HTMLInputElement | null, full: boolean, title: string, detail: string) => {
    if (full) {
      toast.error(detail, title);
      return;
    }
    input?.click();
  };

  const markImage = (id: string) => {
    onChange({ imageIdsToDelete: toggle(draft.imageIdsToDelete, id) });
    toast.info(messages.detailImageMarkedForDeletion);
  };
  const undoImage = (id: string) => {
    if (!canRestoreImage(memory, draft)) {
      toast.error(messages.detailMaxImagesReachedDetail, messages.detailMaxImagesReached);
      return;
    }
    onChange({ imageIdsToDelete: toggle(draft.imageIdsToDelete, id) });
  };
  const markVideo = (id: string) => {
    onChange({ videoIdsToDelete: toggle(draft.videoIdsToDelete, id) });
    toast.info(messages.detailVideoMarkedForDeletion);
  };
  const undoVideo = (id: string) => {
    if (!canRestoreVideo(memory, draft)) {
      toast.error(messages.detailMaxVideosReachedDetail, messages.maxVideosTitle);
      return;
    }
    onChange({ videoIdsToDelete: toggle(draft.videoIdsToDelete, id) });
  };

  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Title order={3} size="h5" component="legend">
        {messages.editPhotosAndVideos}
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
        {memory.images.map((image, index) => {
          const url = imageUrlOf(image, true);
          return (
            <MediaTile
              key={image.id}
              label={messages.editPhotoTile(index + 1)}
              marked={draft.imageIdsToDelete.includes(image.id)}
              onMark={() => markImage(image.id)}
              onUndo={() => undoImage(image.id)}
              disabled={disabled}
            >
              <AspectRatio ratio={1}>{url && <Image src={url} alt={messages.editPhotoAlt(index + 1)} fit="cover" />}</AspectRatio>
            </MediaTile>
          );
        })}
        {memory.videos.map((video, index) => {
          const url = videoUrlOf(video);
          return (
            <MediaTile
              key={video.id}
              label={messages.editVideoTile(index + 1)}
              marked={draft.videoIdsToDelete.includes(video.id)}
              onMark={() => markVideo(video.id)}
              onUndo={() => undoVideo(video.id)}
              disabled={disabled}
            >
              <AspectRatio ratio={1}>
                {video.thumbnailUrl ? (
                  <Image src={mediaUrl(video.thumbnailUrl)} alt={messages.editVideoAlt(index + 1)} fit="cover" />
                ) : (
                  <video src={url ?? undefined} preload="metadata" muted aria-label={messages.editVideoAlt(index + 1)} />
                )}
              </AspectRatio>
            </MediaTile>
          );
        })}
        {draft.newImages.map((file, index) => (
          <Box key={imagePreviews[index]} pos="relative">
            <AspectRatio ratio={1}>
              <Image src={imagePreviews[index]} alt={messages.editNewPhoto(file.name)} fit="cover" radius="md" />
            </AspectRatio>
            <ActionIcon pos="absolute" top={4} right={4} size={44} radius="xl" color="dark" variant="filled" aria-label={messages.editRemoveNewPhoto(file.name)} disabled={disabled}
              onClick={() => onChange({ newImages: draft.newImages.filter((_, other) => other !== index) })}>
              <IconX size={20} />
            </ActionIcon>
          </Box>
        ))}
        {draft.newVideos.map((file, index) => (
          <Group key={`${file.name}-${index}`} pos="relative" justify="center" align="center" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-md)', aspectRatio: '1' }}>
            <Text ta="center" px="xs" style={{ overflowWrap: 'anywhere' }}>{messages.editNewVideo(file.name)}</Text>
            <ActionIcon pos="absolute" top={4} right={4} size={44} radius="xl" color="dark" variant="filled" aria-label={messages.editRemoveNewVideo(file.name)} disabled={disabled}
              onClick={() => onChange({ newVideos: draft.newVideos.filter((_, other) => other !== index) })}>
              <IconX size={20} />
            </ActionIcon>
          </Group>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <Button variant="default" size="md" leftSection={<IconPhotoPlus size={18} />} disabled={disabled}
          onClick={() => openPicker(photoInput.current, images >= CAPTURE_IMAGES_MAX, messages.detailMaxImagesReached, messages.detailMaxImagesReachedDetail)}>
          {messages.captureAddPhotos(images, CAPTURE_IMAGES_MAX)}
        </Button>
        <Button variant="default" size="md" leftSection={<IconVideoPlus size={18} />} disabled={disabled}
          onClick={() => openPicker(videoInput.current, videos >= MEMORY_VIDEOS_MAX, messages.maxVideosTitle, messages.detailMaxVideosReachedDetail)}>
          {messages.editAddVideos(videos, MEMORY_VIDEOS_MAX)}
        </Button>
      </Group>
      <input ref={photoInput} type="file" accept={IMAGE_PICKER_ACCEPT} multiple hidden aria-label={messages.captureChoosePhotos}
        onChange={(event) => {
          void addImages(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = '';
        }} />
      <input ref={videoInput} type="file" accept="video/*" multiple hidden aria-label={messages.editChooseVideos}
        onChange={(event) => {
          void addVideos(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = '';
        }} />
      <MediaNotices notices={notices} />
    </Stack>
  );
}

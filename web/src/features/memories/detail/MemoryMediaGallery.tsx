// memories §2: the memory's images and videos; each opens full screen in a new window.
import { AspectRatio, Image, SimpleGrid, UnstyledButton } from '@mantine/core';
import type { Memory } from '../../../../../common/memories';
import { imageUrlOf, mediaUrl, videoUrlOf } from '../../../../../common/memories-rules';
import { messages } from '../../../../../common/messages';
import { openMediaViewer } from '../../media-player';

export function MemoryMediaGallery({ memory }: { memory: Memory }) {
  if (memory.images.length === 0 && memory.videos.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: memory.images.length + memory.videos.length > 1 ? 2 : 1 }} spacing="sm">
      {memory.images.map((image, index) => {
        const url = imageUrlOf(image);
        if (!url) return null;
        const label = messages.detailPhotoOf(index + 1, memory.title);
        return (
          <UnstyledButton
            key={image.id}
            aria-label={messages.detailOpenFullScreen(label)}
            onClick={() => openMediaViewer({ kind: 'image', url, title: label })}
            style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          >
            <AspectRatio ratio={4 / 3}>
              <Image src={url} alt={label} fit="cover" data-testid="memory-image" />
            </AspectRatio>
          </UnstyledButton>
        );
      })}
      {memory.videos.map((video, index) => {
        const url = videoUrlOf(video);
        if (!url) return null;
        const label = messages.detailVideoOf(index + 1, memory.title);
        return (
          <div key={video.id}>
            <AspectRatio ratio={16 / 9}>
              <video
                src={url}
                controls
                preload="metadata"
                poster={video.thumbnailUrl ? mediaUrl(video.thumbnailUrl) : undefined}
                aria-label={label}
                data-testid="memory-video"
                style={{ borderRadius: 'var(--mantine-radius-md)', background: '#000' }}
              />
            </AspectRatio>
            <UnstyledButton
              onClick={() => openMediaViewer({ kind: 'video', url, title: label })}
              mih={44}
              px="xs"
              c="var(--mantine-primary-color-filled)"
              fw={600}
            >
              {messages.detailWatchFullScreen}
            </UnstyledButton>
          </div>
        );
      })}
    </SimpleGrid>
  );
}

// memories §2 "Memory card": a compact variant for lists and a full variant for the timeline
// and the spotlight. Text 16 px at least, targets 44 px (issue 8 accessibility). Issue 9: the
// private mark and the voice badge, on both variants.
import { ActionIcon, AspectRatio, Badge, Box, Button, Card, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPhoto, IconTrash, IconVideo } from '@tabler/icons-react';
import { SNIPPET_COMPACT_MAX, SNIPPET_FULL_MAX } from '../../../../../common/limits';
import { imageUrlOf, mediaUrl, memorySnippet, relativeMemoryDate, videoUrlOf } from '../../../../../common/memories-rules';
import { messages } from '../../../../../common/messages';
import { displayNameOf } from '../../../../../common/people';
import { UserAvatar } from '../../../components/UserAvatar';
import { lazyDialog } from '../../../components/lazyDialog';
import { useOpenerFocus } from '../../../components/useOpenerFocus';
import { useOpenMemory } from '../openMemory';
import classes from './MemoryCard.module.css';
import { PrivateMark } from '../PrivateMark';
import { isPrivateMemory } from '../privacy';
import type { Memory } from '../types';
import { useVideoThumbnail } from './useVideoThumbnail';
import { VoiceBadge } from './VoiceBadge';

/**
 * A title wraps rather than ending in '…' (issue 9: at Extra large text on a phone one line
 * held two words); only a very long one is cut, after a few lines, and the detail shows it whole.
 */
const TITLE_LINES_FULL = 6;
const TITLE_LINES_COMPACT = 4;

// The confirmation loads on first use, keeping it off home's first load.
const DeleteMemoryDialog = lazyDialog(() => import('../DeleteMemoryDialog').then((module) => module.DeleteMemoryDialog));

interface MemoryCardProps {
  memory: Memory;
  variant?: 'compact' | 'full';
  /**
   * Opens the memory ('View memory' on the full card, the whole card when compact); by
   * default the memory detail dialog (memories §2).
   */
  onOpen?: (memory: Memory) => void;
  /** Shows the delete control; defaults to what the server says the viewer may do. */
  canDelete?: boolean;
}

/**
 * What the card shows first: the first image, else the first video's thumbnail. The stored
 * frame (videos[].thumbnailUrl) is preferred; only a video stored without one (older
 * memories, or a client that could not capture a frame) is decoded here to take one.
 */
function usePreview(memory: Memory) {
  const image = memory.images[0];
  const video = image ? undefined : memory.videos[0];
  const videoUrl = video ? videoUrlOf(video) : null;
  const storedFrame = video?.thumbnailUrl ? mediaUrl(video.thumbnailUrl) : null;
  const capturedFrame = useVideoThumbnail(storedFrame ? null : videoUrl);
  const imageUrl = image ? imageUrlOf(image, true) : null;
  if (imageUrl) return { kind: 'image' as const, src: imageUrl, extra: memory.images.length - 1 };
  if (video) return { kind: 'video' as const, src: storedFrame ?? capturedFrame, extra: memory.videos.length - 1 };
  return null;
}

export function MemoryCard({ memory, variant = 'full', onOpen: openWith, canDelete }: MemoryCardProps) {
  const openMemory = useOpenMemory();
  const onOpen = openWith ?? ((chosen: Memory) => openMemory(chosen.id));
  const preview = usePreview(memory);
  const [deleting, deleteDialog] = useDisclosure(false);
  // The confirmation mounts already open the first time, when Mantine cannot give focus back
  // to the bin on closing (issue 9): it is remembered here.
  const deleteFocus = useOpenerFocus();
  const openDelete = () => {
    deleteFocus.remember();
    deleteDialog.open();
  };
  const closeDelete = () => {
    deleteDialog.close();
    deleteFocus.restore();
  };
  const date = relativeMemoryDate(memory.createdAt);
  const deletable = canDelete ?? memory.abilities?.canDelete ?? false;

  const deleteControl = deletable && (
    <>
      <ActionIcon variant="subtle" color="red" size={44} aria-label={messages.cardDeleteMemory(memory.title)} onClick={openDelete}>
        <IconTrash size={18} />
      </ActionIcon>
      <DeleteMemoryDialog memoryId={memory.id} opened={deleting} onClose={closeDelete} />
    </>
  );

  if (variant === 'compact') {
    const compactSnippet = memorySnippet(memory, SNIPPET_COMPACT_MAX);
    // Outside the open button, whose label would hide them from a screen reader.
    const extras = Boolean(memory.audioUrl) || isPrivateMemory(memory);
    return (
      <Card withBorder radius="md" padding="sm" component="article" aria-label={memory.title}>
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <UnstyledButton onClick={() => onOpen(memory)} style={{ flex: 1, minWidth: 0 }} aria-label={messages.cardOpenMemory(memory.title)}>
            <Group wrap="nowrap" gap="sm" align="flex-start">
              <Box w={64} h={64} style={{ flex: 'none', borderRadius: 8, overflow: 'hidden' }} bg="var(--mantine-color-default-hover)">
                {preview?.src ? (
                  <Image src={preview.src} alt="" w={64} h={64} fit="cover" />
                ) : (
                  <Stack h={64} align="center" justify="center">
                    {preview?.kind === 'video' ? <IconVideo size={24} /> : <IconPhoto size={24} opacity={0.5} />}
                  </Stack>
                )}
              </Box>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} lineClamp={TITLE_LINES_COMPACT} className={classes.title}>
                  {memory.title}
                </Text>
                <Text c="dimmed" component="time" dateTime={memory.createdAt}>
                  {date}
                </Text>
                {compactSnippet && (
                  <Text c="dimmed" lineClamp={2}>
                    {compactSnippet}
                  </Text>
                )}
              </Stack>
            </Group>
          </UnstyledButton>
          {deleteControl}
        </Group>
        {extras && (
          <Group gap="sm" mt="xs" wrap="wrap">
            <VoiceBadge memory={memory} />
            <PrivateMark memory={memory} />
          </Group>
        )}
      </Card>
    );
  }

  const fullSnippet = memorySnippet(memory, SNIPPET_FULL_MAX);
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={memory.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" lineClamp={TITLE_LINES_FULL} className={classes.title}>
            {memory.title}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Text c="dimmed" component="time" dateTime={memory.createdAt}>
              {date}
            </Text>
            <PrivateMark memory={memory} />
          </Group>
        </Stack>
        {deleteControl}
      </Group>
      {preview && (
        <Card.Section mb="sm" pos="relative">
          <AspectRatio ratio={16 / 10}>
            {preview.src ? (
              <Image src={preview.src} alt={preview.kind === 'video' ? messages.cardVideoFrom(memory.title) : messages.cardPhotoFrom(memory.title)} fit="cover" />
            ) : (
              <Stack align="center" justify="center" bg="var(--mantine-color-default-hover)">
                <IconVideo size={36} />
              </Stack>
            )}
          </AspectRatio>
          {/* Outside AspectRatio, which would stretch the badges' row to its own ratio. */}
          <Group gap={4} pos="absolute" top={8} right={8}>
            {preview.kind === 'video' && (
              <Badge color="dark" leftSection={<IconVideo size={12} />}>
                {messages.videoBadge}
              </Badge>
            )}
            {preview.extra > 0 && <Badge color="dark">+{preview.extra}</Badge>}
          </Group>
        </Card.Section>
      )}
      {memory.audioUrl && (
        <Group mb="sm">
          <VoiceBadge memory={memory} />
        </Group>
      )}
      {fullSnippet && (
        <Text mb="sm">
          {fullSnippet}
        </Text>
      )}
      {/* Wraps on a narrow card rather than cutting the name or the button's words. */}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <UserAvatar person={memory.creator} size="sm" />
          <Text>
            {displayNameOf(memory.creator, messages.unnamedUser)}
          </Text>
        </Group>
        <Button variant="light" size="md" style={{ flexShrink: 0 }} onClick={() => onOpen(memory)}>
          {messages.viewMemory}
        </Button>
      </Group>
    </Card>
  );
}

// One memory on the timeline page (memories §2): date, title, its photos (each opens the
// full-screen viewer), a snippet and the creator; 'View memory' opens the detail dialog.
// Issue 9: the private mark beside the date, and the voice badge that plays in place.
import { Badge, Button, Card, Group, Image, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { SNIPPET_FULL_MAX } from '../../../../common/limits';
import { imageUrlOf, mediaUrl, memorySnippet, relativeMemoryDate } from '../../../../common/memories-rules';
import { displayNameOf } from '../../../../common/people';
import { UserAvatar } from '../../components/UserAvatar';
import { PrivateMark, VoiceBadge, type Memory } from '../memories';
import classes from './TimelinePage.module.css';
import { messages } from '../../../../common/messages';

interface TimelineEntryProps {
  memory: Memory;
  side: 'right' | 'left';
  onOpen: (memoryId: string) => void;
  onViewImage: (memory: Memory, index: number) => void;
}

export function TimelineEntry({ memory, side, onOpen, onViewImage }: TimelineEntryProps) {
  const snippet = memorySnippet(memory, SNIPPET_FULL_MAX);
  const thumbnails = memory.images.map((image) => imageUrlOf(image, true)).filter((url): url is string => url !== null);
  const videoFrame = thumbnails.length === 0 && memory.videos[0]?.thumbnailUrl ? mediaUrl(memory.videos[0].thumbnailUrl) : null;

  return (
    <li className={classes.entry} data-side={side}>
      <span className={classes.dot} aria-hidden />
      <Card withBorder radius="lg" padding="md" component="article" aria-label={memory.title} className={classes.card}>
        <Stack gap="xs">
          <Group gap="sm" wrap="wrap">
            <Text c="dimmed" component="time" dateTime={memory.createdAt}>
              {relativeMemoryDate(memory.createdAt)}
            </Text>
            <PrivateMark memory={memory} />
          </Group>
          <Title order={3} size="h4" className={classes.entryTitle}>
            {memory.title}
          </Title>
          {thumbnails.length > 0 && (
            <Group gap="xs" wrap="nowrap" className={classes.photos}>
              {thumbnails.map((url, index) => (
                <UnstyledButton
                  key={url}
                  className={classes.photo}
                  onClick={() => onViewImage(memory, index)}
                  aria-label={messages.timelineViewPhoto(index + 1, thumbnails.length, memory.title)}
                >
                  <Image src={url} alt="" fit="cover" h="100%" w="100%" loading="lazy" />
                </UnstyledButton>
              ))}
            </Group>
          )}
          {videoFrame && (
            <div className={classes.videoFrame}>
              <Image src={videoFrame} alt={messages.timelineVideoFrom(memory.title)} fit="cover" h="100%" w="100%" loading="lazy" />
              <Badge color="dark" leftSection={<IconVideo size={14} />} className={classes.videoBadge}>
                {messages.videoBadge}
              </Badge>
            </div>
          )}
          {memory.audioUrl && (
            <div>
              <VoiceBadge memory={memory} />
            </div>
          )}
          {snippet && <Text className={classes.snippet}>{snippet}</Text>}
          {/* Wraps on a narrow entry rather than cutting the name or the button's words. */}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <UserAvatar person={memory.creator} size="sm" />
              <Text>{displayNameOf(memory.creator, messages.unnamedUser)}</Text>
            </Group>
            <Button variant="light" onClick={() => onOpen(memory.id)} className={classes.target} style={{ flexShrink: 0 }} aria-label={messages.timelineViewMemoryOf(memory.title)}>
              {messages.viewMemory}
            </Button>
          </Group>
        </Stack>
      </Card>
    </li>
  );
}

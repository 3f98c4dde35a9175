// memories §2 "Memory detail dialog", read view: creator, date, images, videos, 'Hear your
// voice', transcription, notes, tags, the action bar, the timelines and the comments.
// Issue 9: the private mark, the recording's length, and the follow-up answers with their
// recordings (the notes then leave out the 'Q: … A: …' blocks the list shows). Issue 22: words
// on their way, or that could not be written, are said where they would show.
import { Badge, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { TranscriptionStatus } from '../../../../../common/audio-rules';
import type { Memory } from '../../../../../common/memories';
import { relativeMemoryDate } from '../../../../../common/memories-rules';
import { messages } from '../../../../../common/messages';
import { displayNameOf } from '../../../../../common/people';
import { UserAvatar } from '../../../components/UserAvatar';
import { wordsStatusLine, WordsStatusNote } from '../../../components/WordsStatusNote';
import { CommentsSection } from '../../comments';
import { PrivateMark } from '../PrivateMark';
import { FollowUpAnswers } from './FollowUpAnswers';
import { notesWithoutListedAnswers } from './followUpNotes';
import { MemoryActionBar } from './MemoryActionBar';
import { MemoryAudioButton } from './MemoryAudioButton';
import { MemoryMediaGallery } from './MemoryMediaGallery';
import { MemoryTimelines } from './MemoryTimelines';

interface MemoryReadViewProps {
  memory: Memory;
  currentUserId: string;
  onEdit: () => void;
  onDeleted: () => void;
}

function Passage({ heading, text, status }: { heading: string; text: string; status?: TranscriptionStatus }) {
  const line = wordsStatusLine(status);
  if (!text.trim() && !line) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {heading}
      </Title>
      {text.trim() && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Text>}
      {/* Issue 22: said where the words will be, and replaced by them when they come. */}
      {line && <WordsStatusNote status={status} />}
    </Stack>
  );
}

export function MemoryReadView({ memory, currentUserId, onEdit, onDeleted }: MemoryReadViewProps) {
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <UserAvatar person={memory.creator} size="lg" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          {/* The whole name, wrapped: a long one ("Great Aunt Margaret-Josephine") cut to '…' had no way to be read. */}
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {displayNameOf(memory.creator, messages.unnamedUser)}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Text c="dimmed" component="time" dateTime={memory.createdAt}>
              {relativeMemoryDate(memory.createdAt)}
            </Text>
            <PrivateMark memory={memory} />
          </Group>
        </Stack>
      </Group>
      <MemoryMediaGallery memory={memory} />
      <Group>
        <MemoryAudioButton audioUrl={memory.audioUrl} duration={memory.audioDuration ?? null} />
      </Group>
      <Passage heading={messages.transcriptionLabel} text={memory.transcription} status={memory.audioUrl ? memory.transcriptionStatus : undefined} />
      <Passage heading={messages.notesLabel} text={notesWithoutListedAnswers(memory.content, memory.followUpResponses)} />
      <FollowUpAnswers responses={memory.followUpResponses} />
      {memory.tags.length > 0 && (
        <Group gap="xs" aria-label={messages.memoryTagsLabel} role="group">
          {memory.tags.map((tag) => (
            <Badge key={tag} size="lg" fz="md" variant="light" tt="none">
              #{tag}
            </Badge>
          ))}
        </Group>
      )}
      <MemoryTimelines timelineIds={memory.timelineIds} />
      <MemoryActionBar memory={memory} currentUserId={currentUserId} onEdit={onEdit} onDeleted={onDeleted} />
      <Divider />
      <CommentsSection memoryId={memory.id} />
    </Stack>
  );
}

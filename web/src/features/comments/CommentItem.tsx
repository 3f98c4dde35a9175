// memories §2: one comment: author avatar and name, relative time + 'ago', text,
// transcription, play/pause for a voice comment with its position slider (issue 20), delete
// for its author (§6, abilities); issue 22: a line while its words are on their way or failed.
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { Comment } from '../../../../common/comments';
import { messages } from '../../../../common/messages';
import { displayNameOf } from '../../../../common/people';
import { UserAvatar } from '../../components/UserAvatar';
import { wordsStatusLine, WordsStatusNote } from '../../components/WordsStatusNote';
import { useVoicePlayback, VoiceSeek } from '../media-player';
import { commentAge } from './commentAge';

interface CommentItemProps {
  comment: Comment;
  onDelete: (commentId: string) => void;
  deleting: boolean;
}

export function CommentItem({ comment, onDelete, deleting }: CommentItemProps) {
  const name = displayNameOf(comment.user, messages.unnamedUser);
  // Comments carry no stored length: the player learns it from the browser (media-player).
  const audio = useVoicePlayback(comment.audioUrl, messages.detailCommentAudioPlaybackErrorDetail);
  return (
    <Group component="li" align="flex-start" wrap="nowrap" gap="sm" aria-label={messages.commentBy(name)}>
      <UserAvatar person={comment.user} size="md" />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{name}</Text>
          <Text c="dimmed" component="time" dateTime={comment.createdAt}>
            {commentAge(comment.createdAt)}
          </Text>
        </Group>
        {comment.content && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.content}</Text>}
        {comment.audioUrl && (
          <Group gap="sm" wrap="wrap">
            <Button
              variant="light"
              size="md"
              leftSection={audio.playing ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
              onClick={() => void audio.toggle()}
              aria-label={audio.playing ? messages.commentPauseVoice(name) : messages.commentPlayVoice(name)}
            >
              {audio.playing ? messages.pause : messages.play}
            </Button>
            <VoiceSeek audio={audio} what={messages.voiceWhatComment(name)} />
          </Group>
        )}
        {comment.transcription && (
          <Text c="dimmed" fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.transcription}
          </Text>
        )}
        {/* Issue 22: where the words will be, until they come (the list asks again meanwhile). */}
        {comment.audioUrl && !comment.transcription && wordsStatusLine(comment.transcriptionStatus) && <WordsStatusNote status={comment.transcriptionStatus} />}
      </Stack>
      {comment.abilities.canDelete && (
        <ActionIcon
          variant="subtle"
          color="red"
          size={44}
          aria-label={messages.commentDelete(name)}
          loading={deleting}
          onClick={() => onDelete(comment.id)}
        >
          <IconTrash size={20} />
        </ActionIcon>
      )}
    </Group>
  );
}

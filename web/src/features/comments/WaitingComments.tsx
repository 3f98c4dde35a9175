// Issue 26: the person's comments on this memory that wait in the outbox, after the sent ones:
// their words or their voice, "Waiting to send" or "Sending… N%", and for one the server
// refused, its words with Try again and Remove (asked first: removing loses what was said).
// They come from the device, so they show offline too; the app's sender sends them.
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { messages } from '../../../../common/messages';
import { displayNameOf } from '../../../../common/people';
import type { User } from '../../../../common/users';
import { UserAvatar } from '../../components/UserAvatar';
import type { OutboxEntry } from '../../lib/outbox';
import { commentRefusalWords, RefusedEntry } from '../outbox';
import { useFirstBlobUrl } from '../../lib/useObjectUrls';
import { useVoicePlayback, VoiceSeek } from '../media-player';

/** The comment's words and recording, read back from the form the outbox keeps. */
function commentOf(entry: OutboxEntry): { content: string; audio: Blob | null } {
  let content = '';
  let audio: Blob | null = null;
  for (const part of entry.parts) {
    if ('value' in part && part.name === 'content') content = part.value;
    else if ('file' in part && part.name === 'audio') audio = part.file;
  }
  return { content, audio };
}

interface WaitingCommentProps {
  entry: OutboxEntry;
  author: User | null;
  /** Percent sent, while it is being sent. */
  percent: number | undefined;
}

function WaitingComment({ entry, author, percent }: WaitingCommentProps) {
  const name = displayNameOf(author, messages.unnamedUser);
  const { content, audio } = commentOf(entry);
  const voice = useVoicePlayback(useFirstBlobUrl(audio), messages.detailCommentAudioPlaybackErrorDetail);
  const refused = entry.state === 'refused';
  const sending = percent !== undefined;

  return (
    <Group component="li" align="flex-start" wrap="nowrap" gap="sm" aria-label={messages.commentWaitingBy(name)}>
      <UserAvatar person={author} size="md" />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{name}</Text>
          <Text c={refused ? 'red' : 'dimmed'} fw={refused ? 600 : undefined}>
            {refused ? messages.commentRefused : sending ? messages.outboxSending(percent) : messages.outboxWaiting}
          </Text>
        </Group>
        {sending && <Progress value={percent} size="md" radius="xl" aria-label={messages.outboxSending(percent)} />}
        {content && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{content}</Text>}
        {audio && (
          <Group gap="sm" wrap="wrap">
            <Text c="dimmed">{messages.commentWaitingVoice}</Text>
            <Button
              variant="light"
              size="md"
              leftSection={voice.playing ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
              onClick={() => void voice.toggle()}
              aria-label={voice.playing ? messages.commentPauseWaitingVoice : messages.commentPlayWaitingVoice}
            >
              {voice.playing ? messages.pause : messages.play}
            </Button>
            <VoiceSeek audio={voice} what={messages.commentWaitingVoice} />
          </Group>
        )}
        {refused && (
          <RefusedEntry entry={entry} words={commentRefusalWords} />
        )}
      </Stack>
    </Group>
  );
}

/** The waiting comments, in the order they were made; nothing when none waits. */
export function WaitingComments({ entries, progress, author }: { entries: OutboxEntry[]; progress: Record<string, number>; author: User | null }) {
  if (entries.length === 0) return null;
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={messages.commentsWaitingList}>
      {entries.map((entry) => (
        <WaitingComment key={entry.id} entry={entry} author={author} percent={progress[entry.id]} />
      ))}
    </Stack>
  );
}

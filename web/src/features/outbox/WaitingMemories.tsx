// Issue 26: the person's memories that wait on this device, at the top of home and of a
// timeline's page: each with its title and first photo, "Waiting to send" or "Sending… N%" with
// a bar, and for one the server refused, its words with Try again and Remove (asked first:
// removing loses what was said). They come from the device, so they show offline too (in the
// first screen's script, not loaded later: with no service worker, as on a LAN address over
// http, a chunk asked for offline never comes); the app's sender (useOutboxSender) sends them.
// "Sent" is shown and said once one has gone.
import { Alert, Card, Group, Image, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCloudUpload, IconMicrophone } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { MEMORY_AUDIO_FIELD, MEMORY_IMAGES_FIELD } from '../../../../common/memory-fields';
import { messages } from '../../../../common/messages';
import { deviceNearlyFull, onOutboxEvent, useOutbox, type OutboxEntry, type OutboxView } from '../../lib/outbox';
import { useCurrentUser } from '../auth';
import { prepareWaitingMemory } from './prepare';
import { commentRefusalWords, memoryRefusalWords, RefusedEntry } from './RefusedEntry';
import { shownOnHome } from './shownOnHome';
import { useFirstBlobUrl } from '../../lib/useObjectUrls';

/** How long the live region stays empty before it is written again, so the same words are heard twice. */
const REANNOUNCE_GAP_MS = 100;

/** The first photo the memory keeps, and whether it has a voice, read from its kept form. */
function memoryOf(entry: OutboxEntry): { photo: Blob | null; voice: boolean } {
  const photo = entry.parts.find((part) => part.name === MEMORY_IMAGES_FIELD && 'file' in part);
  return { photo: photo && 'file' in photo ? photo.file : null, voice: entry.parts.some((part) => part.name === MEMORY_AUDIO_FIELD) };
}

function WaitingMemory({ entry, percent }: { entry: OutboxEntry; percent: number | undefined }) {
  const { photo, voice } = memoryOf(entry);
  const photoUrl = useFirstBlobUrl(photo);
  const refused = entry.state === 'refused';
  const sending = percent !== undefined;
  const title = entry.label;
  // A comment whose memory is gone cannot show under it: it shows here, to be removed (shownOnHome).
  const comment = entry.kind === 'comment';

  return (
    <Group component="li" align="flex-start" wrap="nowrap" gap="md" aria-label={title}>
      {photoUrl && <Image src={photoUrl} alt={messages.memoryWaitingPhoto(title)} w={64} h={64} radius="md" fit="cover" style={{ flex: 'none' }} />}
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        {voice && (
          <Group gap={6} wrap="nowrap">
            <IconMicrophone size={18} aria-hidden />
            <Text c="dimmed">{messages.memoryWaitingVoice}</Text>
          </Group>
        )}
        <Text c={refused ? 'red' : 'dimmed'} fw={refused ? 600 : undefined}>
          {refused ? messages.memoryRefused : sending ? messages.outboxSending(percent) : messages.outboxWaiting}
        </Text>
        {sending && <Progress value={percent} size="lg" radius="xl" aria-label={messages.outboxSending(percent)} />}
        {refused && (
          <RefusedEntry entry={entry} options={{ prepare: { memory: prepareWaitingMemory } }} words={comment ? commentRefusalWords : memoryRefusalWords(title)} />
        )}
      </Stack>
    </Group>
  );
}

/** "Sent: {title}", shown and said, each time one of the memories listed has gone. */
function useSentNote(owner: string | null, entries: readonly OutboxEntry[]): string {
  const [note, setNote] = useState('');
  // The sent event names the entry, not its title: the titles of those seen waiting.
  const titles = useRef(new Map<string, string>());
  useEffect(() => {
    for (const entry of entries) titles.current.set(entry.id, entry.label);
  }, [entries]);
  useEffect(() => {
    if (!owner) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onOutboxEvent((event) => {
      if (event.type !== 'sent' || event.entry.kind !== 'memory' || event.entry.owner !== owner) return;
      const title = titles.current.get(event.entry.id);
      // Only those this list showed: a timeline's page does not announce another timeline's.
      if (title === undefined) return;
      setNote('');
      clearTimeout(timer);
      timer = setTimeout(() => setNote(messages.memoryWaitingSent(title)), REANNOUNCE_GAP_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [owner]);
  return note;
}

/**
 * What WaitingMemories lists, for a page that shows something else when nothing waits: home's
 * without a timeline, those filed on `timelineId` with one, none while a page has no timeline (null).
 */
export function useWaitingMemories(timelineId?: string | null): OutboxView {
  const owner = useCurrentUser().user?.id ?? null;
  return useOutbox(timelineId === null ? null : owner, (entry) => (timelineId ? entry.kind === 'memory' && (entry.timelineIds ?? []).includes(timelineId) : shownOnHome(entry)));
}

/**
 * The signed-in person's waiting memories, oldest first; on a timeline's page only those filed
 * on it. Nothing shows when nothing waits (but the live region, for the "Sent" after the last).
 */
export function WaitingMemories({ timelineId }: { timelineId?: string }) {
  const owner = useCurrentUser().user?.id ?? null;
  const { entries, progress } = useWaitingMemories(timelineId);
  const sentNote = useSentNote(owner, entries);
  const headingId = useId();
  const bytes = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  const [nearlyFull, setNearlyFull] = useState(false);
  useEffect(() => {
    if (bytes === 0) return;
    let live = true;
    void deviceNearlyFull(bytes).then((full) => live && setNearlyFull(full));
    return () => {
      live = false;
    };
  }, [bytes]);

  return (
    <>
      {/* Heard: the live region is always there (and out of the page's flow, so an empty one
          adds no gap). Seen: the card goes as its last memory goes, and the note that it went
          stays in its place, as on the storyteller's page; said once, by the region. */}
      <VisuallyHidden role="status" aria-live="polite">
        {sentNote}
      </VisuallyHidden>
      {sentNote && (
        <Text fw={600} aria-hidden>
          {sentNote}
        </Text>
      )}
      {entries.length > 0 && (
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconCloudUpload size={28} aria-hidden style={{ flex: 'none' }} />
              <Stack gap={2}>
                <Title order={2} size="h3" id={headingId}>
                  {messages.memoriesWaitingTitle}
                </Title>
                <Text c="dimmed">{messages.memoriesWaitingDetail}</Text>
              </Stack>
            </Group>
            {nearlyFull && (
              <Alert color="orange" variant="light">
                {messages.outboxNearlyFull}
              </Alert>
            )}
            <Stack component="ul" gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
              {entries.map((entry) => (
                <WaitingMemory key={entry.id} entry={entry} percent={progress[entry.id]} />
              ))}
            </Stack>
          </Stack>
        </Card>
      )}
    </>
  );
}

// Issue 25 "Download everything" on the profile page (DESIGN "Yours to keep"): what the archive
// is, Make my archive, its progress while the job makes it (asked again only then), and once
// ready its size, what it holds, when it was made, Download, Make a new one and Delete; a failed
// one's words and Try again. Progress and outcome are said in a live region too.
import { Alert, Button, Card, Group, Progress, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive, IconDownload, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import type { EverythingArchive } from '../../../../common/everything-archive';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { toUserText } from '../../api/errors';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { sizeInWords } from '../books';
import { DeleteArchiveDialog } from './DeleteArchiveDialog';
import classes from './DownloadEverything.module.css';
import { archivesShown, isUnfinished, useArchiveAnnouncement, useEverythingArchives } from './useEverythingArchives';

const HEADING_ID = 'download-everything';
const madeOnDay = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' });
const dayOf = (archive: EverythingArchive) => madeOnDay.format(new Date(archive.createdAt));

export function DownloadEverythingCard() {
  const archives = useEverythingArchives();
  const { latest, stillReady } = archivesShown(archives.data ?? []);
  const announcement = useArchiveAnnouncement(latest);
  const heading = useRef<HTMLHeadingElement>(null);
  // The button pressed goes away with the state it belonged to: the focus goes to the heading,
  // from where the live region's words follow.
  const focusHeading = () => heading.current?.focus();

  const make = useApiMutation({
    mutationFn: api.everythingArchives.create,
    success: () => ({ title: messages.everythingStarted, message: messages.everythingStartedDetail }),
    error: (message) => `${messages.everythingMakeFailed} ${message}`,
    invalidate: [queryKeys.everythingArchives],
    onSuccess: focusHeading,
  });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={HEADING_ID} ref={heading} tabIndex={-1} mb={4} className={classes.heading}>
            {messages.everythingTitle}
          </Title>
          <Text>{messages.everythingIntro}</Text>
        </div>
        <VisuallyHidden role="status" aria-live="polite">
          {announcement}
        </VisuallyHidden>

        {archives.isPending ? (
          <Skeleton h={88} radius="md" aria-busy="true" aria-label={messages.everythingLoading} />
        ) : archives.isError ? (
          <Alert color="red" title={messages.everythingLoadFailed} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text>{toUserText(archives.error)}</Text>
              <Button variant="light" color="red" size="md" onClick={() => void archives.refetch()}>
                {messages.tryAgain}
              </Button>
            </Stack>
          </Alert>
        ) : !latest ? (
          <Stack gap="sm" align="flex-start">
            <Text c="dimmed">{messages.everythingNone}</Text>
            <Button size="md" leftSection={<IconArchive size={18} />} onClick={() => make.mutate()} loading={make.isPending}>
              {messages.everythingMake}
            </Button>
          </Stack>
        ) : isUnfinished(latest) ? (
          <ArchiveProgress archive={latest} stillReady={stillReady} />
        ) : latest.status === 'ready' ? (
          <ReadyArchive archive={latest} onMakeAgain={() => make.mutate()} making={make.isPending} onDeleted={focusHeading} />
        ) : (
          <FailedArchive archive={latest} onTryAgain={() => make.mutate()} trying={make.isPending} onDeleted={focusHeading} />
        )}
      </Stack>
    </Card>
  );
}

function ArchiveProgress({ archive, stillReady }: { archive: EverythingArchive; stillReady: EverythingArchive | null }) {
  const words = archive.status === 'queued' ? messages.everythingQueued : messages.everythingWorking;
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text fw={600}>{messages.everythingProgress(words, archive.progress)}</Text>
        <Progress value={archive.progress} size="lg" radius="xl" striped animated aria-label={messages.everythingProgressLabel} />
      </Stack>
      {stillReady && (
        <Stack gap="xs" align="flex-start">
          <Text>{messages.everythingKeptWhileMaking(dayOf(stillReady))}</Text>
          <DownloadLink archive={stillReady} variant="light" />
        </Stack>
      )}
    </Stack>
  );
}

/** A plain link, so the browser's own download manager saves the zip and resumes it (Range) when the connection drops. */
function DownloadLink({ archive, variant = 'filled' }: { archive: EverythingArchive; variant?: 'filled' | 'light' }) {
  return (
    <Button
      component="a"
      href={api.everythingArchives.fileUrl(archive.id)}
      download
      size="md"
      variant={variant}
      leftSection={<IconDownload size={18} />}
      aria-label={messages.everythingDownloadNamed(sizeInWords(archive.bytes ?? 0))}
    >
      {messages.everythingDownload}
    </Button>
  );
}

function ReadyArchive({ archive, onMakeAgain, making, onDeleted }: { archive: EverythingArchive; onMakeAgain: () => void; making: boolean; onDeleted: () => void }) {
  const facts = [
    archive.bytes !== null ? sizeInWords(archive.bytes) : null,
    archive.counts ? messages.everythingCounts(archive.counts.memories, archive.counts.files) : null,
    messages.everythingMadeOn(dayOf(archive)),
  ].filter((fact) => fact !== null);
  return (
    <Stack gap="sm">
      <div>
        <Text fw={700}>{messages.everythingReady}</Text>
        <Text>{facts.join(' · ')}</Text>
        <Text c="dimmed">{messages.everythingHowToOpen}</Text>
      </div>
      <Group gap="sm">
        <DownloadLink archive={archive} />
        <Button size="md" variant="default" leftSection={<IconRefresh size={18} />} onClick={onMakeAgain} loading={making}>
          {messages.everythingMakeAgain}
        </Button>
        <DeleteButton archiveId={archive.id} onDeleted={onDeleted} />
      </Group>
    </Stack>
  );
}

function FailedArchive({ archive, onTryAgain, trying, onDeleted }: { archive: EverythingArchive; onTryAgain: () => void; trying: boolean; onDeleted: () => void }) {
  return (
    <Stack gap="sm">
      <div>
        <Text fw={700} c="red.4">
          {messages.everythingFailed}
        </Text>
        {archive.error && <Text>{archive.error}</Text>}
      </div>
      <Group gap="sm">
        <Button size="md" variant="light" leftSection={<IconRefresh size={18} />} onClick={onTryAgain} loading={trying}>
          {messages.tryAgain}
        </Button>
        <DeleteButton archiveId={archive.id} onDeleted={onDeleted} />
      </Group>
    </Stack>
  );
}

function DeleteButton({ archiveId, onDeleted }: { archiveId: string; onDeleted: () => void }) {
  const [deleting, deletion] = useDisclosure(false);
  return (
    <>
      <Button size="md" variant="subtle" color="red" leftSection={<IconTrash size={18} />} onClick={deletion.open} aria-label={messages.everythingDeleteNamed}>
        {messages.everythingDelete}
      </Button>
      <DeleteArchiveDialog
        archiveId={archiveId}
        opened={deleting}
        onClose={deletion.close}
        onDeleted={() => {
          deletion.close();
          onDeleted();
        }}
      />
    </>
  );
}

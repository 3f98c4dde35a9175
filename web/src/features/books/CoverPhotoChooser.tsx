// The book's cover (issue 24): the first photo in the book unless one is chosen. Choosing
// shows the photos of the timeline's memories in the book's dates as a grid of radio buttons,
// so the arrow keys move between them and a screen reader hears each as one choice of a group.
import { Alert, Button, Image, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PAGE_LIMIT_MAX } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { dayInstants } from './bookDays';
import classes from './Books.module.css';

export interface CoverPhoto {
  /** The image's media id, which POST /api/books takes as coverMediaId. */
  id: string;
  thumbnailUrl: string;
  label: string;
}

/**
 * The photos of one page of the timeline's memories in the range (the newest PAGE_LIMIT_MAX
 * memories): a cover is chosen at a glance, and a family with more photos than that in one
 * book still has the first photo in the book, or can narrow the dates.
 */
function useCoverPhotos(timelineId: string, start: string, end: string) {
  return useQuery({
    queryKey: queryKeys.bookCoverPhotos(timelineId, start, end),
    queryFn: async () => {
      const page = await api.timelines.memoryPage(timelineId, { limit: PAGE_LIMIT_MAX, ...dayInstants(start, end) });
      const photos = page.memories.flatMap((memory) =>
        memory.images.map((image, index): CoverPhoto => ({ id: image.id, thumbnailUrl: image.thumbnailUrl, label: messages.bookCoverPhoto(memory.title, index + 1) })),
      );
      return { photos, more: page.nextCursor !== null, memories: page.memories.length };
    },
  });
}

interface CoverPhotoChooserProps {
  timelineId: string;
  start: string;
  end: string;
  /** The chosen photo's id, or null for the first photo in the book. */
  value: string | null;
  onChange: (photoId: string | null) => void;
}

export function CoverPhotoChooser(props: CoverPhotoChooserProps) {
  const [choosing, setChoosing] = useState(false);
  if (!choosing) {
    return (
      <Stack gap={4} align="flex-start">
        <Text className={classes.coverLabel}>{messages.bookCoverLabel}</Text>
        <Text c="dimmed">{messages.bookCoverFirst}</Text>
        <Button variant="light" onClick={() => setChoosing(true)}>
          {messages.bookCoverChoose}
        </Button>
      </Stack>
    );
  }
  return <CoverPhotoGrid {...props} />;
}

function CoverPhotoGrid({ timelineId, start, end, value, onChange }: CoverPhotoChooserProps) {
  const name = useId();
  const photos = useCoverPhotos(timelineId, start, end);
  const choices = photos.data?.photos ?? [];
  // A photo no longer among those of the dates (they changed) is no choice: the first photo is.
  const chosen = value !== null && choices.some((photo) => photo.id === value) ? value : null;

  return (
    <fieldset className={classes.coverFieldset}>
      <legend className={classes.coverLegend}>{messages.bookCoverLabel}</legend>
      <Stack gap="xs">
        <label className={classes.coverFirst}>
          <input type="radio" name={name} checked={chosen === null} onChange={() => onChange(null)} className={classes.coverRadio} />
          <span>{messages.bookCoverFirst}</span>
        </label>
        {photos.isPending ? (
          <Loader size="sm" aria-label={messages.bookCoverPhotosLoading} />
        ) : photos.isError ? (
          <Alert color="orange">{messages.bookCoverPhotosFailed}</Alert>
        ) : choices.length === 0 ? (
          <Text c="dimmed">{messages.bookCoverNoPhotos}</Text>
        ) : (
          <>
            <div className={classes.coverGrid}>
              {choices.map((photo) => (
                <label key={photo.id} className={classes.coverChoice}>
                  <input type="radio" name={name} checked={chosen === photo.id} onChange={() => onChange(photo.id)} className={classes.coverPhotoRadio} />
                  <VisuallyHidden>{photo.label}</VisuallyHidden>
                  <Image src={photo.thumbnailUrl} alt="" className={classes.coverImage} loading="lazy" />
                </label>
              ))}
            </div>
            {photos.data.more && <Text c="dimmed">{messages.bookCoverFirstPage(photos.data.memories)}</Text>}
          </>
        )}
      </Stack>
    </fieldset>
  );
}

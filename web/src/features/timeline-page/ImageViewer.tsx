// memories §2 "Timeline page": the full-screen image viewer. A counter 'n of total', a close
// button, Escape closes, the left/right arrow keys and clicks on the left or right half
// move, and it wraps around. The halves are buttons, so a keyboard alone does everything.
import { ActionIcon, Group, Image, Modal, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import classes from './ImageViewer.module.css';
import { messages } from '../../../../common/messages';

export interface ViewerImages {
  /** Whose photos these are: names the dialog and each photo. */
  title: string;
  urls: string[];
  startIndex: number;
}

/** The neighbour of `index` in a list of `total`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, total: number): number {
  return total === 0 ? 0 : (((index + step) % total) + total) % total;
}

export function ImageViewer({ images, onClose }: { images: ViewerImages; onClose: () => void }) {
  const [index, setIndex] = useState(images.startIndex);
  const total = images.urls.length;
  const move = (step: number) => setIndex((current) => wrapIndex(current, step, total));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
    else return;
    event.preventDefault();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      padding={0}
      title={messages.imageViewerTitle(images.title)}
      classNames={{ header: classes.hiddenHeader, body: classes.body, content: classes.content }}
      transitionProps={{ transition: 'fade', duration: 150 }}
      onKeyDown={onKeyDown}
    >
      <div className={classes.stage}>
        <Image src={images.urls[index]} alt={messages.imageViewerPhoto(index + 1, total, images.title)} className={classes.image} fit="contain" />
        {total > 1 && (
          <>
            <UnstyledButton className={`${classes.half} ${classes.left}`} aria-label={messages.imageViewerPrevious} onClick={() => move(-1)}>
              <IconChevronLeft size={40} aria-hidden />
            </UnstyledButton>
            <UnstyledButton className={`${classes.half} ${classes.right}`} aria-label={messages.imageViewerNext} onClick={() => move(1)}>
              <IconChevronRight size={40} aria-hidden />
            </UnstyledButton>
          </>
        )}
        <Group className={classes.bar} justify="space-between" wrap="nowrap">
          <Text className={classes.counter} aria-live="polite" data-testid="image-counter">
            {messages.imageViewerCounter(index + 1, total)}
          </Text>
          <ActionIcon size={48} radius="xl" variant="filled" color="dark" aria-label={messages.imageViewerClose} onClick={onClose} data-autofocus>
            <IconX size={26} />
          </ActionIcon>
        </Group>
      </div>
    </Modal>
  );
}

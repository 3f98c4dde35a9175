import { Button, Group, Stack, Textarea, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconPrinter, IconShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '../../../../common/messages';
import { useLinkHandOff } from '../../lib/useLinkHandOff';
import { LinkQrCode } from './LinkQrCode';
import { storytellerCardPath } from './paths';
import classes from './Storytellers.module.css';

/**
 * A storyteller's link where the family can pass it on (issue 23 "The family's side"): the link
 * itself, its QR code, Copy (said to screen readers too), the device's share sheet where there
 * is one (so it can go by text message from the sender's own phone) and the printed card.
 */
export function StorytellerLinkPanel({ storytellerId, name, link }: { storytellerId: string; name: string; link: string }) {
  const { field, copied, canShare, copy, shareLink } = useLinkHandOff(link, { title: messages.storytellerShareTitle(name), text: messages.storytellerShareText });

  return (
    <Stack gap="sm">
      {/* Centred, as the code sits alone on its row on a phone. */}
      <Group align="flex-start" justify="center" gap="md" wrap="wrap">
        <LinkQrCode link={link} name={name} size={180} />
        <Textarea
          ref={field}
          label={messages.storytellerLinkField}
          value={link}
          readOnly
          autosize
          minRows={2}
          className={classes.link}
          style={{ flex: '1 1 14rem' }}
          onFocus={(event) => event.currentTarget.select()}
        />
      </Group>
      <Group gap="sm">
        <Button className={classes.action} leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />} onClick={copy}>
          {copied ? messages.storytellerLinkCopied : messages.storytellerCopyLink}
        </Button>
        {canShare && (
          <Button className={classes.action} variant="light" leftSection={<IconShare size={18} />} onClick={shareLink}>
            {messages.storytellerShare}
          </Button>
        )}
        <Button className={classes.action} variant="light" component={Link} to={storytellerCardPath(storytellerId)} leftSection={<IconPrinter size={18} />}>
          {messages.storytellerPrintCard}
        </Button>
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {copied ? messages.storytellerLinkCopiedAnnounced : ''}
      </VisuallyHidden>
    </Stack>
  );
}

import { Button, Group, Stack, Textarea, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconPrinter, IconShare } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';
import { LinkQrCode } from './LinkQrCode';
import { storytellerCardPath } from './paths';
import classes from './Storytellers.module.css';

/** How long Copy reads "Copied" before it reads "Copy link" again. */
const COPIED_SHOWN_MS = 3_000;

/**
 * A storyteller's link where the family can pass it on (issue 23 "The family's side"): the link
 * itself, its QR code, Copy (said to screen readers too), the device's share sheet where there
 * is one (so it can go by text message from the sender's own phone) and the printed card.
 */
export function StorytellerLinkPanel({ storytellerId, name, link }: { storytellerId: string; name: string; link: string }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is selected to copy by hand.
      field.current?.select();
      toast.info(messages.linkReady, messages.inviteCopyByHand);
    }
  }

  async function share() {
    try {
      await navigator.share({ title: messages.storytellerShareTitle(name), text: messages.storytellerShareText, url: link });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to Copy.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copy();
    }
  }

  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="md" wrap="wrap">
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
          <Button className={classes.action} variant="light" leftSection={<IconShare size={18} />} onClick={share}>
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

import { Button, Group, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';
import { expiresInWords } from './expiresInWords';
import classes from './InviteLinkPanel.module.css';

/** How long Copy reads "Copied" before it reads "Copy" again. */
const COPIED_SHOWN_MS = 3_000;

export interface InviteLinkPanelProps {
  url: string;
  /** The create answer's expiresAt (DESIGN INVITE_TTL_HOURS). */
  expiresAt: string;
  /** What the system share sheet says with the link. */
  share: { title: string; text: string };
  testId?: string;
}

/**
 * Issue 20: a made invite link, shown where it is made: the link itself in a read-only field,
 * its life in words, Copy (with "Copied" said to screen readers too) and, where the browser has
 * the Web Share API, Share. Every place that makes a timeline or family invite shows this one.
 */
export function InviteLinkPanel({ url, expiresAt, share, testId }: InviteLinkPanelProps) {
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
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is selected for the
      // person to copy themselves.
      field.current?.select();
      toast.info(messages.linkReady, messages.inviteCopyByHand);
    }
  }

  async function shareLink() {
    try {
      await navigator.share({ ...share, url });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to Copy.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copy();
    }
  }

  return (
    <Stack gap="xs" data-testid={testId}>
      <Textarea
        ref={field}
        label={messages.inviteLinkField}
        value={url}
        readOnly
        autosize
        minRows={1}
        className={classes.link}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Text c="dimmed">{expiresInWords(expiresAt)}</Text>
      <Group gap="sm">
        <Button className={classes.action} variant="filled" leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />} onClick={copy}>
          {copied ? messages.inviteCopied : messages.inviteCopy}
        </Button>
        {canShare && (
          <Button className={classes.action} variant="light" leftSection={<IconShare size={18} />} onClick={shareLink}>
            {messages.inviteShare}
          </Button>
        )}
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {copied ? messages.inviteLinkCopiedAnnounced : ''}
      </VisuallyHidden>
    </Stack>
  );
}

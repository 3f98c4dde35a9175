import { Button, Group, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { messages } from '../../../../common/messages';
import { useLinkHandOff } from '../../lib/useLinkHandOff';
import { expiresInWords } from './expiresInWords';
import classes from './InviteLinkPanel.module.css';

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
  const { field, copied, canShare, copy, shareLink } = useLinkHandOff(url, share);

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

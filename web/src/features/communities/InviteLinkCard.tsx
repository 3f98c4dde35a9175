import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCopy, IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import type { Timeline } from '../../api/types';
import { toast } from '../../lib/toast';
import { shareInviteLink, timelineInviteUrl } from '../timelines';
import classes from './Communities.module.css';
import { useCreateInviteLink } from './useCreateInviteLink';
import { messages } from '../../../../common/messages';

/** accounts §2 Communities: the "Invite Link" card of a timeline. */
export function InviteLinkCard({ timeline }: { timeline: Timeline }) {
  const invite = useQuery({ queryKey: queryKeys.timelineInvite(timeline.id), queryFn: () => api.timelines.currentInvite(timeline.id) });
  const create = useCreateInviteLink(timeline);
  const url = invite.data ? timelineInviteUrl(invite.data.id) : null;

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(messages.copied);
    } catch {
      toast.info(messages.linkReady, link);
    }
  }

  return (
    <Card withBorder radius="lg" padding="lg">
      <Text fw={700} mb="sm">
        Invite Link
      </Text>
      {url ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Expires in 48 hours
          </Text>
          {/* The whole link, over two lines on a phone: a cut one cannot be checked by eye. */}
          <Button variant="default" justify="space-between" rightSection={<IconCopy size={16} />} onClick={() => copy(url)} className={classes.wrappingButton} fullWidth>
            {url}
          </Button>
          <Group>
            <Button
              variant="light"
              className={classes.wrappingButton}
              leftSection={<IconShare size={16} />}
              onClick={() => shareInviteLink(url, { title: `Join ${timeline.name} Timeline`, text: `You're invited to share family memories on the ${timeline.name} timeline in Heirloom.` })}
            >
              Share...
            </Button>
          </Group>
        </Stack>
      ) : (
        <Button className={classes.wrappingButton} onClick={() => create.mutate()} loading={create.isPending || invite.isPending}>
          Create Invite Link
        </Button>
      )}
    </Card>
  );
}

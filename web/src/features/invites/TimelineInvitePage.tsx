import { Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { INVITE_PAGE_DEFAULT_COLOR } from '../../../../common/timeline-colors';
import { displayNameOf } from '../../../../common/people';
import type { User } from '../../../../common/users';
import { ApiError, errorMessage } from '../../api/client';
import { api, navigation } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { UserAvatar } from '../../components/UserAvatar';
import { toast } from '../../lib/toast';
import { InviteFrame } from './InviteFrame';
import { forgetTimelineInvite, rememberTimelineInvite, storeTimelineWelcome } from './pendingInvites';

const REDIRECT_MS = 1000; // accounts §9

/** accounts §2 "Timeline invite page", for signed-in and signed-out visitors. */
export function TimelineInvitePage({ user }: { user: User | null }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const details = useQuery({
    queryKey: queryKeys.timelineInviteDetails(id),
    queryFn: () => api.timelineInvites.get(id),
    enabled: Boolean(id),
    // accounts §7: the invite detail load retries once after 1 s (never for a plain 404).
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 404),
    retryDelay: 1000,
  });

  useEffect(() => {
    if (id && !user) rememberTimelineInvite(id);
  }, [id, user]);

  const join = useMutation({
    mutationFn: () => api.timelineInvites.accept(id),
    onSuccess: async (joined) => {
      forgetTimelineInvite();
      storeTimelineWelcome({ id: joined.timelineId, name: joined.name });
      localStorage.setItem('activeTimelineId', joined.timelineId);
      await queryClient.invalidateQueries({ queryKey: queryKeys.timelines });
      toast.success('Success!', 'You have joined the timeline');
      window.setTimeout(() => navigate('/'), REDIRECT_MS);
    },
  });

  const invite = details.data;
  const isCreator = Boolean(user && invite?.creator && invite.creator.id === user.id);
  const complete = Boolean(invite?.invite && invite.timeline && invite.creator);

  // accounts §4: a signed-in visitor who did not create the invite joins straight away.
  const autoJoined = useRef(false);
  useEffect(() => {
    if (!user || !complete || isCreator || autoJoined.current) return;
    autoJoined.current = true;
    // accounts §8: a failed automatic accept is only logged; the Join button stays.
    join.mutate(undefined, { onError: (error) => console.error('Automatic timeline join failed', error) });
  }, [user, complete, isCreator, join]);

  if (!id) return <InviteFrame title="Invalid Invite" text="This invite link is missing its code." />;
  if (details.isPending) {
    return (
      <InviteFrame title="Loading invite...">
        <Skeleton h={120} w="100%" />
      </InviteFrame>
    );
  }
  if (details.error) {
    const notFound = details.error instanceof ApiError && details.error.status === 404;
    return (
      <InviteFrame title="Invite Not Found" text={notFound ? 'Invite not found or expired' : 'Failed to load invite'}>
        <Button onClick={() => navigate('/')}>Go Home</Button>
      </InviteFrame>
    );
  }
  if (isCreator) {
    return (
      <InviteFrame title="Your Timeline" text="You cannot use your own invitation link. This timeline already belongs to you.">
        <Button onClick={() => navigate('/')}>Go to Dashboard</Button>
      </InviteFrame>
    );
  }
  if (!complete || !invite?.timeline || !invite.creator) {
    return <InviteFrame title="Invalid Invite" text="This invite is no longer valid or has expired." />;
  }

  const { timeline, creator } = invite;
  return (
    <InviteFrame title="You're Invited!">
      <Stack gap="xs" align="center">
        <Box w={48} h={48} style={{ borderRadius: '50%', background: timeline.color || INVITE_PAGE_DEFAULT_COLOR }} aria-hidden />
        <Text fw={700} size="xl">
          {timeline.name}
        </Text>
        {timeline.description && <Text c="dimmed">{timeline.description}</Text>}
        <Text size="sm" c="dimmed">
          Expires in 48 hours
        </Text>
      </Stack>
      <Group gap="sm" wrap="nowrap">
        <UserAvatar person={creator} />
        <Text ta="left">
          <b>{displayNameOf(creator, 'Someone')}</b> invited you to join
        </Text>
      </Group>
      <Stack w="100%" gap="xs">
        {user ? (
          <Button
            size="md"
            disabled={join.isPending}
            onClick={() => join.mutate(undefined, { onError: (error) => toast.error(`Failed to join timeline: ${errorMessage(error)}`) })}
          >
            {join.isPending ? 'Joining Timeline...' : 'Join Timeline'}
          </Button>
        ) : (
          <Button size="md" component="a" href={navigation.login(`/timeline-invite/${id}`)}>
            Sign In to Join
          </Button>
        )}
        <Button variant="subtle" onClick={() => navigate('/')}>
          Maybe Later
        </Button>
      </Stack>
    </InviteFrame>
  );
}

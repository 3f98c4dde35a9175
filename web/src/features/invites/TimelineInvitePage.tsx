import { Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { INVITE_DETAIL_RETRIES, INVITE_DETAIL_RETRY_DELAY_MS } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { INVITE_PAGE_DEFAULT_COLOR } from '../../../../common/timeline-colors';
import { displayNameOf } from '../../../../common/people';
import type { User } from '../../../../common/users';
import { ApiError, toUserText } from '../../api/errors';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { UserAvatar } from '../../components/UserAvatar';
import { forgetTimelineInvite, rememberTimelineInvite, storeTimelineWelcome } from '../../lib/pendingInvites';
import { toast } from '../../lib/toast';
import { InviteFrame } from './InviteFrame';
import { NewcomerJoin } from './NewcomerJoin';

const REDIRECT_MS = 1000; // accounts §9

/** accounts §2 "Timeline invite page", for signed-in and signed-out visitors. */
export function TimelineInvitePage({ user }: { user: User | null }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const details = useQuery({
    queryKey: queryKeys.timelineInviteDetails(id),
    queryFn: () => api.timelineInvites.get(id),
    enabled: Boolean(id),
    // accounts §7, §9 name no failure that is spared the retry, so an unknown invite (404) is
    // asked for again too.
    retry: INVITE_DETAIL_RETRIES,
    retryDelay: INVITE_DETAIL_RETRY_DELAY_MS,
  });

  useEffect(() => {
    if (id && !user) rememberTimelineInvite(id);
  }, [id, user]);

  const join = useApiMutation({
    // The joined timeline is made the active one before the list refreshes, so it is what
    // home shows first.
    mutationFn: async () => {
      const joined = await api.timelineInvites.accept(id);
      storeTimelineWelcome({ id: joined.timelineId, name: joined.name });
      localStorage.setItem('activeTimelineId', joined.timelineId);
      forgetTimelineInvite();
      return joined;
    },
    success: () => ({ title: messages.inviteSuccess, message: messages.joinedTimeline }),
    // accounts §8: a failed automatic accept is only logged; the Join button says why.
    error: false,
    invalidate: [queryKeys.timelines],
    onSuccess: () => window.setTimeout(() => navigate('/'), REDIRECT_MS),
  });

  const invite = details.data;
  const isCreator = Boolean(user && invite?.creator && invite.creator.id === user.id);
  const complete = Boolean(invite?.invite && invite.timeline && invite.creator);

  // accounts §4: a signed-in visitor who did not create the invite joins straight away; a
  // newcomer who just made an account here is one of them.
  const autoJoined = useRef(false);
  useEffect(() => {
    if (!user || !complete || isCreator || autoJoined.current) return;
    autoJoined.current = true;
    join.mutate(undefined, { onError: (error) => console.error('Automatic timeline join failed', error) });
  }, [user, complete, isCreator, join]);

  if (!id) return <InviteFrame title={messages.inviteInvalid} text={messages.inviteMissingCode} />;
  if (details.isPending) {
    return (
      <InviteFrame title={messages.inviteLoading}>
        <Skeleton h={120} w="100%" />
      </InviteFrame>
    );
  }
  if (details.error) {
    const notFound = details.error instanceof ApiError && details.error.status === 404;
    return (
      <InviteFrame title={messages.inviteNotFoundTitle} text={notFound ? messages.timelineInviteNotFound : messages.inviteLoadFailed}>
        <Button onClick={() => navigate('/')}>{messages.inviteGoHome}</Button>
      </InviteFrame>
    );
  }
  if (isCreator) {
    return (
      <InviteFrame title={messages.inviteYourTimeline} text={messages.inviteYourTimelineDetail}>
        <Button onClick={() => navigate('/')}>{messages.inviteGoToDashboard}</Button>
      </InviteFrame>
    );
  }
  if (!complete || !invite?.timeline || !invite.creator) {
    return <InviteFrame title={messages.inviteInvalid} text={messages.inviteNoLongerValid} />;
  }

  const { timeline, creator } = invite;
  return (
    <InviteFrame title={messages.inviteYoureInvited}>
      <Stack gap="xs" align="center">
        <Box w={48} h={48} style={{ borderRadius: '50%', background: timeline.color || INVITE_PAGE_DEFAULT_COLOR }} aria-hidden />
        <Text fw={700} size="xl">
          {timeline.name}
        </Text>
        {timeline.description && <Text c="dimmed">{timeline.description}</Text>}
        <Text c="dimmed">{messages.inviteExpires}</Text>
      </Stack>
      <Group gap="sm" wrap="nowrap">
        <UserAvatar person={creator} />
        <Text ta="left">
          <b>{displayNameOf(creator, messages.inviteSomeone)}</b> {messages.inviteInvitedYouToJoin}
        </Text>
      </Group>
      <Stack w="100%" gap="xs">
        {user ? (
          <Button
            size="md"
            disabled={join.isPending}
            onClick={() => join.mutate(undefined, { onError: (error) => toast.error(messages.inviteJoinTimelineFailed(toUserText(error))) })}
          >
            {join.isPending ? messages.inviteJoiningTimeline : messages.inviteJoinTimeline}
          </Button>
        ) : (
          <NewcomerJoin inviteId={id} returnTo={`/timeline-invite/${id}`} signInLabel={messages.inviteSignInToJoin} />
        )}
        <Button variant="subtle" onClick={() => navigate('/')}>
          {messages.inviteMaybeLater}
        </Button>
      </Stack>
    </InviteFrame>
  );
}

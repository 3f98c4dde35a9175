import { Alert, Button, Group, List, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FAMILY_ACCEPT_RETRIES, FAMILY_ACCEPT_RETRY_CAP_MS, FAMILY_ACCEPT_RETRY_FIRST_MS } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import type { User } from '../../../../common/users';
import { ApiError, toUserText } from '../../api/errors';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { UserAvatar } from '../../components/UserAvatar';
import { forgetFamilyInvite, pendingFamilyInvite, rememberFamilyInvite } from '../../lib/pendingInvites';
import { toast } from '../../lib/toast';
import { InviteFrame } from './InviteFrame';
import { NewcomerJoin } from './NewcomerJoin';
import { withRetries } from './withRetries';

/** accounts §9: 1 s doubling, capped; a refusal (4xx) is final. */
const acceptRetries = {
  retries: FAMILY_ACCEPT_RETRIES,
  delayMs: (attempt: number) => Math.min(FAMILY_ACCEPT_RETRY_FIRST_MS * 2 ** attempt, FAMILY_ACCEPT_RETRY_CAP_MS),
};
const isFinal = (error: unknown) => error instanceof ApiError && error.status < 500;

function mergeConflictOf(error: unknown): { currentFamilyId: string; invitedFamilyId: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.body.requiresExplicitMerge) return null;
  return { currentFamilyId: String(error.body.currentFamilyId), invitedFamilyId: String(error.body.invitedFamilyId) };
}

/** accounts §2 "Family invite page" (/invite/:id). */
export function FamilyInvitePage({ user }: { user: User | null }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<{ currentFamilyId: string; invitedFamilyId: string } | null>(null);
  const invite = useQuery({ queryKey: queryKeys.familyInvite(id), queryFn: () => api.families.invite(id), enabled: Boolean(id) });

  useEffect(() => {
    if (id) rememberFamilyInvite(id);
  }, [id]);

  const accept = useApiMutation({
    mutationFn: () => withRetries(() => api.families.acceptInvite(id), { ...acceptRetries, isFinal }),
    success: () => ({ title: messages.inviteSuccess, message: messages.familyJoined }),
    // A 409 asking for an explicit merge opens the merge dialog instead of a toast.
    error: false,
    onSuccess: (updated: User) => {
      forgetFamilyInvite();
      queryClient.setQueryData(queryKeys.currentUser, updated);
      window.setTimeout(() => navigate('/family'), 1500);
    },
  });

  const merge = useApiMutation({
    mutationFn: (target: { currentFamilyId: string; invitedFamilyId: string }) =>
      api.families.merge({ targetFamilyId: target.invitedFamilyId, sourceFamilyId: target.currentFamilyId, inviteId: id }),
    success: () => ({ title: messages.inviteSuccess, message: messages.familyMerged }),
    // A refusal says why (a member who did not create their family may not merge it); a
    // fault keeps the spec's plain "Failed to merge families".
    error: false,
    onError: (error) => toast.error(isFinal(error) ? messages.familyMergeRefused(toUserText(error)) : messages.familyMergeFailed),
    onSuccess: (result) => {
      forgetFamilyInvite();
      queryClient.setQueryData(queryKeys.currentUser, result.user);
      setConflict(null);
      window.setTimeout(() => navigate('/'), 2000);
    },
  });

  const acceptNow = () =>
    accept.mutate(undefined, {
      onError: (error) => {
        const found = mergeConflictOf(error);
        if (found) setConflict(found);
        else toast.error(messages.familyJoinFailed(toUserText(error)));
      },
    });

  // accounts §4: after sign-in (or an account made right here), a user with no family accepts
  // the stored invite once.
  const autoAccepted = useRef(false);
  useEffect(() => {
    if (!user || user.familyId || !invite.data || autoAccepted.current) return;
    if (pendingFamilyInvite() !== id) return;
    autoAccepted.current = true;
    forgetFamilyInvite();
    acceptNow();
  });

  if (invite.isPending && id) {
    return (
      <InviteFrame title={messages.familyInvitation}>
        <Skeleton h={100} w="100%" />
      </InviteFrame>
    );
  }
  if (!id || invite.error || !invite.data) {
    return (
      <InviteFrame title={messages.inviteInvalid} text={messages.familyInviteInvalid}>
        <Button onClick={() => navigate('/')}>{messages.inviteGoHome}</Button>
      </InviteFrame>
    );
  }

  const details = invite.data;
  const inviterName = details.inviter.displayName || details.inviter.firstName || messages.inviteSomeone;
  if (user?.familyId && user.familyId === details.familyId) {
    return (
      <InviteFrame title={messages.familyAlreadyIn} text={messages.familyAlreadyInDetail(details.familyName)}>
        <Button onClick={() => navigate('/family')}>{messages.familyView}</Button>
      </InviteFrame>
    );
  }

  return (
    <InviteFrame title={messages.familyInvitation}>
      <Group gap="sm" wrap="nowrap">
        <UserAvatar person={details.inviter} />
        <Text ta="left">
          <b>{inviterName}</b> {messages.inviteInvitedYouToJoin} <b>{details.familyName}</b>
        </Text>
      </Group>
      {user ? (
        <Button size="md" fullWidth disabled={accept.isPending} onClick={acceptNow}>
          {accept.isPending ? messages.familyJoining : messages.familyJoin}
        </Button>
      ) : (
        <NewcomerJoin inviteId={id} returnTo={`/invite/${id}`} signInLabel={messages.inviteLogInToJoin} />
      )}
      <Modal
        opened={conflict !== null}
        onClose={() => setConflict(null)}
        title={messages.familyConflictTitle}
        centered
        closeButtonProps={{ 'aria-label': messages.familyConflictClose }}
      >
        <Stack>
          <Text>{messages.familyConflictText(details.familyName)}</Text>
          <Alert color="yellow" title={messages.familyMergeWarningsTitle}>
            <List spacing={4}>
              {messages.familyMergeWarnings.map((warning) => (
                <List.Item key={warning}>{warning}</List.Item>
              ))}
            </List>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConflict(null)}>
              {messages.familyMergeCancel}
            </Button>
            <Button color="orange" loading={merge.isPending} onClick={() => conflict && merge.mutate(conflict)}>
              {messages.familyMerge}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </InviteFrame>
  );
}

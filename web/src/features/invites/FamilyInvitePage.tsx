import { Alert, Button, Group, List, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { User } from '../../../../common/users';
import { ApiError, errorMessage } from '../../api/client';
import { api, navigation } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { UserAvatar } from '../../components/UserAvatar';
import { toast } from '../../lib/toast';
import { InviteFrame } from './InviteFrame';
import { storageKeys } from './pendingInvites';

/** accounts §9: up to 3 retries, 1 s doubling, capped at 30 s. */
const acceptRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);
const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/** accounts §2 "Family invite page" (/invite/:id). */
export function FamilyInvitePage({ user }: { user: User | null }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<{ currentFamilyId: string; invitedFamilyId: string } | null>(null);
  const invite = useQuery({ queryKey: queryKeys.familyInvite(id), queryFn: () => api.families.invite(id), enabled: Boolean(id) });

  useEffect(() => {
    if (id) sessionStorage.setItem(storageKeys.pendingInviteId, id);
  }, [id]);

  const accept = useMutation({
    mutationFn: () => api.families.acceptInvite(id),
    retry: (failures, error) => failures < 3 && !(error instanceof ApiError && error.status < 500),
    retryDelay: acceptRetryDelay,
    onSuccess: (updated) => {
      sessionStorage.removeItem(storageKeys.pendingInviteId);
      queryClient.setQueryData(queryKeys.currentUser, updated);
      toast.success('Success!', 'You have joined the family group');
      window.setTimeout(() => navigate('/family'), 1500);
    },
    onError: (error) => {
      if (isConflict(error) && error instanceof ApiError && error.body.requiresExplicitMerge) {
        setConflict({ currentFamilyId: String(error.body.currentFamilyId), invitedFamilyId: String(error.body.invitedFamilyId) });
        return;
      }
      toast.error(`Failed to join family: ${errorMessage(error)}`);
    },
  });

  const merge = useMutation({
    mutationFn: () => api.families.merge({ targetFamilyId: conflict!.invitedFamilyId, sourceFamilyId: conflict!.currentFamilyId, inviteId: id }),
    onSuccess: (result) => {
      sessionStorage.removeItem(storageKeys.pendingInviteId);
      queryClient.setQueryData(queryKeys.currentUser, result.user);
      setConflict(null);
      toast.success('Success!', "Family groups have been merged and you've joined the family");
      window.setTimeout(() => navigate('/'), 2000);
    },
    onError: () => toast.error('Failed to merge families'),
  });

  // accounts §4: after sign-in, a user with no family accepts the stored invite once.
  const autoAccepted = useRef(false);
  useEffect(() => {
    if (!user || user.familyId || !invite.data || autoAccepted.current) return;
    if (sessionStorage.getItem(storageKeys.pendingInviteId) !== id) return;
    autoAccepted.current = true;
    sessionStorage.removeItem(storageKeys.pendingInviteId);
    accept.mutate();
  }, [user, invite.data, id, accept]);

  if (invite.isPending && id) return <InviteFrame title="Family Invitation"><Skeleton h={100} w="100%" /></InviteFrame>;
  if (!id || invite.error || !invite.data) {
    return (
      <InviteFrame title="Invalid Invite" text="This invite link is invalid or may have expired.">
        <Button onClick={() => navigate('/')}>Go Home</Button>
      </InviteFrame>
    );
  }

  const details = invite.data;
  const inviterName = details.inviter.displayName || details.inviter.firstName || 'Someone';
  if (user?.familyId && user.familyId === details.familyId) {
    return (
      <InviteFrame title="Already in a Family" text={`You already belong to ${details.familyName}.`}>
        <Button onClick={() => navigate('/family')}>View Your Family</Button>
      </InviteFrame>
    );
  }

  return (
    <InviteFrame title="Family Invitation">
      <Group gap="sm" wrap="nowrap">
        <UserAvatar person={details.inviter} />
        <Text ta="left">
          <b>{inviterName}</b> invited you to join <b>{details.familyName}</b>
        </Text>
      </Group>
      {user ? (
        <Button size="md" fullWidth disabled={accept.isPending} onClick={() => accept.mutate()}>
          {accept.isPending ? 'Joining...' : 'Join Family'}
        </Button>
      ) : (
        <Button size="md" fullWidth component="a" href={navigation.login(`/invite/${id}`)}>
          Log In to Join
        </Button>
      )}
      <Modal opened={conflict !== null} onClose={() => setConflict(null)} title="Family Name Conflict" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
        <Stack>
          <Text>You already belong to a family. You can merge your family with {details.familyName}.</Text>
          <Alert color="yellow" title="Before you merge">
            <List size="sm" spacing={4}>
              <List.Item>This merge cannot be undone.</List.Item>
              <List.Item>All memories become shared with all members of both families.</List.Item>
              <List.Item>Only merge families that are related.</List.Item>
            </List>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConflict(null)}>
              Cancel
            </Button>
            <Button color="orange" loading={merge.isPending} onClick={() => merge.mutate()}>
              Merge Families
            </Button>
          </Group>
        </Stack>
      </Modal>
    </InviteFrame>
  );
}

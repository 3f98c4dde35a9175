import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { displayNameOf } from '../../../../common/people';
import type { User } from '../../../../common/users';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { toast } from '../../lib/toast';
import { UserAvatar } from '../../components/UserAvatar';
import { InviteLinkPanel } from '../invites';
import wrapping from '../../components/WrappingButton.module.css';
import classes from './Communities.module.css';
import { messages } from '../../../../common/messages';

const familyInviteUrl = (inviteId: string) => `${window.location.origin}/invite/${inviteId}`;

/** The family group, and the way to invite someone into it (DESIGN "Families"). */
export function FamilyCard({ user }: { user: User }) {
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const family = useQuery({
    queryKey: queryKeys.family(user.familyId ?? ''),
    queryFn: () => api.families.get(user.familyId!),
    enabled: Boolean(user.familyId),
    staleTime: 10 * 60_000, // accounts §7: family data is stale after 10 minutes
  });

  const invite = useApiMutation({
    mutationFn: () => api.families.createInvite(),
    error: messages.inviteCreateFailed,
    invalidate: [queryKeys.currentUser],
    onSuccess: (created) => {
      if (!created?.id) return toast.error(messages.inviteLinkFailed);
      // Issue 20: shown here, with Copy and Share, rather than copied unseen.
      setLink({ url: familyInviteUrl(created.id), expiresAt: created.expiresAt });
      toast.success(messages.inviteLinkCreated);
    },
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Text fw={700} className={classes.wordy}>
        {family.data?.name ?? messages.yourFamily}
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {messages.familyCardIntro}
      </Text>
      {family.data && (
        <Group gap="xs" mb="sm" aria-label={messages.familyMembers}>
          {family.data.members.map((member) => (
            <Group key={member.id} gap={6}>
              <UserAvatar person={member} size="sm" />
              <Text size="sm">{displayNameOf(member)}</Text>
            </Group>
          ))}
        </Group>
      )}
      <Stack gap="xs">
        {link && (
          <InviteLinkPanel
            url={link.url}
            expiresAt={link.expiresAt}
            share={{ title: messages.inviteFamilyShareTitle, text: messages.inviteFamilyShareText }}
            testId="family-invite-link"
          />
        )}
        <Button variant="light" leftSection={<IconLink size={16} />} className={wrapping.wrappingButton} onClick={() => invite.mutate()} loading={invite.isPending}>
          {messages.createFamilyInviteLink}
        </Button>
      </Stack>
    </Card>
  );
}

// memories §2 "Sharing": 'private' (only visible to you) or 'Selective Sharing' (choose which
// timeline members can view), a way to invite members, and 'Save Memory'.
import { Anchor, Button, Checkbox, Group, Loader, Progress, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Audience } from '../../../../common/memories';
import { messages } from '../../../../common/messages';
import { displayNameOf } from '../../../../common/people';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import type { Member } from '../../api/types';
import { UserAvatar } from '../../components/UserAvatar';
import { audienceOf, audienceWords } from '../sharing';
import type { SharingMode } from './draft';
import type { SavePhase } from './saveMemory';

/**
 * memories §7: one member list per chosen timeline, merged and de-duplicated by id. The
 * preselection is every other member of the active timeline (memories §2); when the active
 * timeline is not among the chosen ones, every listed member.
 */
export function useSharingMembers(timelineIds: string[], activeTimelineId: string | null, userId: string) {
  const results = useQueries({
    queries: timelineIds.map((timelineId) => ({
      queryKey: queryKeys.timelineMembers(timelineId),
      queryFn: async () => {
        try {
          return await api.timelines.members(timelineId);
        } catch (error) {
          console.error(`Failed to fetch members for timeline ${timelineId}`, error);
          throw error;
        }
      },
      // issue 20: people join a family over time; the list is read afresh each time the step shows.
      staleTime: 0,
    })),
  });
  const byId = new Map<string, Member>();
  results.forEach((result) => result.data?.forEach((member) => member.id !== userId && !byId.has(member.id) && byId.set(member.id, member)));
  const members = [...byId.values()];

  const activeAt = activeTimelineId ? timelineIds.indexOf(activeTimelineId) : -1;
  const activeMembers = activeAt >= 0 ? results[activeAt]?.data : undefined;
  const defaultSelection = activeMembers
    ? activeMembers.filter((member) => byId.has(member.id)).map((member) => member.id)
    : members.map((member) => member.id);
  // Offline, never seen on this device (or refused): nobody can be listed, which is not nobody there.
  const unavailable = results.some((result) => result.isError && !result.data);
  return { members, defaultSelection, isLoading: results.some((result) => result.isPending), unavailable };
}

/** The people of the choice, when their list could not be read: whether they were ticked by hand before. */
export interface UnlistedChoice {
  chosenByHand: boolean;
}

/**
 * issue 20 "Who sees a memory": 'Private' is the creator alone; 'Selective Sharing' with every
 * listed member ticked (also while nobody else is there yet) is everyone on the timelines, now
 * and later; some ticked is those people. `unlisted` when the members could not be read: the
 * untouched default is everyone on the timelines (as the step says), and people ticked before
 * stay exactly those, never widened to the timelines for want of the list.
 */
export function wizardAudience(mode: SharingMode, selected: readonly string[], members: readonly Member[], unlisted?: UnlistedChoice): Audience {
  if (mode === 'private') return 'private';
  if (unlisted) return !unlisted.chosenByHand ? 'timeline' : selected.length > 0 ? 'people' : 'private';
  const listed = new Set(members.map((member) => member.id));
  return audienceOf(selected.filter((id) => listed.has(id)).length, members.length);
}

interface SharingStepProps {
  mode: SharingMode;
  onModeChange: (mode: SharingMode) => void;
  members: Member[];
  membersLoading: boolean;
  /** The members could not be read (offline, never seen on this device): the choice as it stood. */
  membersUnlisted?: UnlistedChoice;
  /** Names of the chosen timelines, for the words saying who will see the memory. */
  timelineNames: string[];
  selected: string[];
  onSelectedChange: (userIds: string[]) => void;
  onSelectAll: () => void;
  onInvite: () => void;
  onBack: () => void;
  onSave: () => void;
  saving: { phase: SavePhase; percent: number } | null;
}

export function SharingStep(props: SharingStepProps) {
  const { mode, members, selected, saving } = props;
  const unlisted = props.membersUnlisted;
  const alone = !props.membersLoading && !unlisted && members.length === 0;
  const audience = wizardAudience(mode, selected, members, unlisted);
  const chosen = members.filter((member) => selected.includes(member.id)).map((member) => ({ name: displayNameOf(member) }));
  // Said while the members are known: until then 'Selective Sharing' could still be anyone.
  // Unlisted, the people ticked before have no names here.
  const words =
    mode === 'timeline' && props.membersLoading
      ? ''
      : audience === 'people' && unlisted
        ? messages.audienceChosenUnlisted
        : audienceWords(audience, props.timelineNames, chosen);
  return (
    <Stack gap="md">
      <Radio.Group value={mode} onChange={(value) => props.onModeChange(value as SharingMode)} label={messages.sharingWhoCanSee}>
        <Stack gap="sm" mt="xs">
          <Radio value="private" label={messages.sharingPrivate} description={messages.sharingPrivateDescription} disabled={Boolean(saving)} />
          <Radio
            value="timeline"
            label={messages.sharingSelective}
            description={alone ? messages.sharingSelectiveAloneDescription : messages.sharingSelectiveDescription}
            disabled={Boolean(saving)}
          />
        </Stack>
      </Radio.Group>

      {/* issue 20: who will see it, in words, announced politely as the choice changes. */}
      <Text size="md" fw={500} role="status" aria-live="polite" data-testid="sharing-audience">
        {words}
      </Text>

      {mode === 'timeline' && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {messages.timelineMembers}
            </Text>
            <Button variant="subtle" size="sm" onClick={props.onSelectAll} disabled={members.length === 0 || Boolean(unlisted) || Boolean(saving)}>
              {messages.selectAll}
            </Button>
          </Group>
          {props.membersLoading ? (
            <Loader size="sm" />
          ) : unlisted ? (
            <Text size="md" c="dimmed">
              {messages.sharingMembersUnavailable}
            </Text>
          ) : members.length === 0 ? (
            <Text size="md" c="dimmed">
              {messages.sharingNobodyElseYet}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={240}>
              <Checkbox.Group value={selected} onChange={props.onSelectedChange} aria-label={messages.sharingMembersWhoCanView}>
                <Stack gap="xs">
                  {members.map((member) => (
                    <Checkbox
                      key={member.id}
                      value={member.id}
                      disabled={Boolean(saving)}
                      label={
                        <Group gap="xs" wrap="nowrap" component="span">
                          <span aria-hidden style={{ display: 'inline-flex' }}>
                            <UserAvatar person={member} size="sm" />
                          </span>
                          {displayNameOf(member)}
                        </Group>
                      }
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            </ScrollArea.Autosize>
          )}
        </Stack>
      )}

      <Text size="sm" c="dimmed">
        {messages.sharingSomeoneNew}{' '}
        <Anchor component={Link} to="/community" onClick={props.onInvite} underline="always">
          {messages.sharingInviteMembers}
        </Anchor>
      </Text>

      {saving && (
        <Stack gap={4}>
          <Text size="sm">
            {saving.phase === 'video' ? messages.captureUploadingVideo(saving.percent) : messages.captureSavingMemory(saving.percent)}
          </Text>
          <Progress value={saving.percent} striped animated aria-label={saving.phase === 'video' ? messages.captureVideoUploadProgress : messages.captureSaveProgress} />
        </Stack>
      )}

      <Group justify="space-between">
        <Button variant="default" onClick={props.onBack} disabled={Boolean(saving)}>
          {messages.back}
        </Button>
        <Button onClick={props.onSave} loading={Boolean(saving)} disabled={mode === 'timeline' && props.membersLoading}>
          {messages.captureSaveMemory}
        </Button>
      </Group>
    </Stack>
  );
}

import { Button, Card, Stack, Text } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { messages } from '../../../../common/messages';
import { useOpenShellDialog } from '../../components/shellDialogs';
import { TodaysPrompts } from '../prompts';
import { useCurrentUser } from '../auth';
import { useActiveTimeline } from '../timelines';
import { onboardingStorageKeys as onboardingKeys } from '../onboarding';
import { WaitingMemories } from '../outbox';
import { InviteFamilyCard } from './InviteFamilyCard';
import { MemorySpotlight, useSpotlight } from './MemorySpotlight';
import { TimelineChooser } from './TimelineChooser';
import { TimelineTooltip } from './TimelineTooltip';
import { WelcomeTooltip } from './WelcomeTooltip';

/** Home (accounts §2): timeline chooser, today's prompts, memory spotlight; issue 26: memories waiting to send first. */
export function HomePage() {
  const openDialog = useOpenShellDialog();
  const { user } = useCurrentUser();
  const { timelines, isLoading: timelinesLoading } = useActiveTimeline();
  // The welcome tooltip waits while profile setup is due, or the first timeline is (issue 9:
  // the first-timeline step follows a display name given at sign-up), so it never hides
  // behind setup; and its "tap +" needs a timeline to capture on.
  const setupDue =
    (!user?.displayName && !localStorage.getItem(onboardingKeys.profileSetupShown)) || timelinesLoading || timelines.length === 0;
  // The spotlight's answer (one memory or none) is the count the timeline tooltip watches.
  const spotlight = useSpotlight();
  const memoryCount = spotlight.isSuccess ? (spotlight.data ? 1 : 0) : null;
  return (
    <Stack gap="lg" maw={720} mx="auto">
      {!setupDue && <WelcomeTooltip />}
      <TimelineTooltip memoryCount={memoryCount} />
      <WaitingMemories />
      <TimelineChooser />
      <InviteFamilyCard />
      <TodaysPrompts />
      <MemorySpotlight />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xs">
          <Text fw={600}>{messages.homeExtrasTitle}</Text>
          <Text c="dimmed">{messages.homeExtrasDetail}</Text>
          <Button variant="light" leftSection={<IconWand size={18} />} onClick={() => openDialog('extras')} w="fit-content">
            {messages.menuExtras}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}

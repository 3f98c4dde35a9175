import { Button, Card, Stack, Text } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useOpenShellDialog } from '../../components/shell/shellDialogs';
import { TodaysPrompts } from '../prompts/TodaysPrompts';
import { useCurrentUser } from '../auth/useCurrentUser';
import { storageKeys as onboardingKeys } from '../onboarding/storage';
import { MemorySpotlight, useSpotlight } from './MemorySpotlight';
import { TimelineChooser } from './TimelineChooser';
import { TimelineTooltip } from './TimelineTooltip';
import { WelcomeTooltip } from './WelcomeTooltip';

/** Home (accounts §2): timeline chooser, today's prompts, memory spotlight. */
export function HomePage() {
  const openDialog = useOpenShellDialog();
  const { user } = useCurrentUser();
  // The welcome tooltip waits while profile setup is due, so it never hides behind it.
  const setupDue = !user?.displayName && !localStorage.getItem(onboardingKeys.profileSetupShown);
  // The spotlight's answer (one memory or none) is the count the timeline tooltip watches.
  const spotlight = useSpotlight();
  const memoryCount = spotlight.isSuccess ? (spotlight.data ? 1 : 0) : null;
  return (
    <Stack gap="lg" maw={720} mx="auto">
      {!setupDue && <WelcomeTooltip />}
      <TimelineTooltip memoryCount={memoryCount} />
      <TimelineChooser />
      <TodaysPrompts />
      <MemorySpotlight />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xs">
          <Text fw={600}>More ways to celebrate your memories</Text>
          <Text c="dimmed">
            Interviews, calendars, collages and more are on their way.
          </Text>
          <Button variant="light" leftSection={<IconWand size={18} />} onClick={() => openDialog('extras')} w="fit-content">
            Extras
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}

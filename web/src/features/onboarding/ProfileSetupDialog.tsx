// accounts §2 "Profile setup" and §4: step 1 (profile) → step 2 (first timeline) → done.
// Loaded only when it is due (Onboarding.tsx).
import { Modal, Progress, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { MOBILE_WIDTH } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import type { User } from '../../../../common/users';
import type { Timeline } from '../../api/types';
import { ProfileStep } from './ProfileStep';
import { pendingInvitation } from './storage';
import { TimelineStep } from './TimelineStep';
import { titleStyles } from './screenStyles';

interface ProfileSetupDialogProps {
  opened: boolean;
  user: User;
  timelines: Timeline[];
  initialStep: 1 | 2;
  /** Step 1 saved the profile. */
  onProfileSaved: () => void;
  /** The timeline was created, or setup was skipped. */
  onFinished: () => void;
}

/** Invited: a pending timeline invite in storage, or membership of a timeline someone else owns. */
function invitationOf(user: User, timelines: Timeline[]): { sharedTimelineName: string | null } | null {
  const pending = pendingInvitation();
  const shared = timelines.find((timeline) => timeline.userId !== user.id);
  if (!pending.pending && !shared) return null;
  return { sharedTimelineName: pending.timelineName ?? shared?.name ?? null };
}

export function ProfileSetupDialog({ opened, user, timelines, initialStep, onProfileSaved, onFinished }: ProfileSetupDialogProps) {
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_WIDTH}px)`);
  const [step, setStep] = useState<1 | 2>(initialStep);
  const [skipRefused, setSkipRefused] = useState(false);
  const invitation = invitationOf(user, timelines);

  // accounts §4: skip at step 1 goes to step 2 when there is no timeline and no invitation
  // (skipping is refused without a timeline), else finishes.
  function skipProfile() {
    if (timelines.length === 0 && !invitation) {
      setSkipRefused(true);
      setStep(2);
    } else {
      onFinished();
    }
  }

  const title = step === 1 ? messages.setupProfileTitle : invitation ? messages.setupPersonalTimelineTitle : messages.setupFirstTimelineTitle;
  return (
    // The way out is the step's own buttons: setup cannot be dismissed half done.
    <Modal
      opened={opened}
      onClose={() => undefined}
      title={title}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      fullScreen={isPhone}
      centered
      styles={titleStyles}
    >
      <Stack gap="md">
        <div>
          <Text size="sm" c="dimmed" fw={600} mb={4}>
            {messages.setupStepOf(step, 2)}
          </Text>
          <Progress value={step * 50} size="sm" aria-label={messages.setupStepOf(step, 2)} />
        </div>
        {step === 1 ? (
          <ProfileStep
            user={user}
            onSaved={() => {
              onProfileSaved();
              setStep(2);
            }}
            onSkip={skipProfile}
          />
        ) : (
          <TimelineStep invitation={invitation} skipRefused={skipRefused} onCreated={onFinished} onBack={() => setStep(1)} onSkip={onFinished} />
        )}
      </Stack>
    </Modal>
  );
}

// memories §2 "Memory capture wizard": start → follow-up-prompt → questions → timeline →
// sharing, with the transitions of §4 and the validation of §5. Closing or discarding resets
// everything, returns to start, stops any recording and clears the stored transcription;
// issue 9: a draft with something in it is kept in the browser and closing it asks first.
// Its state is useWizardState, its save useSaveCapture, its steps WizardSteps (issue 21).
import { Alert, Button, Loader, Center, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef } from 'react';
import { MOBILE_WIDTH } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import type { User } from '../../../../common/users';
import type { VoiceResult } from '../voice';
import { DiscardConfirm } from './DiscardConfirm';
import { draftFromPrompt, emptyDraft, isWorthKeeping } from './draft';
import { useSaveCapture } from './useSaveCapture';
import { useWizardFocus } from './useWizardFocus';
import { useWizardState } from './useWizardState';
import { VoiceRecorderDialog } from './VoiceRecorderDialog';
import { WizardSteps } from './WizardSteps';

interface CaptureWizardProps {
  user: User;
  opened: boolean;
  onClose: () => void;
}

export default function CaptureWizard({ user, opened, onClose }: CaptureWizardProps) {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_WIDTH}px)`);
  const wizard = useWizardState(user, opened);
  const { kept, draft, update, recorderOpen, confirm, setConfirm, saving, timelineIds } = wizard;
  const body = useRef<HTMLDivElement>(null);
  const focus = useWizardFocus(body, opened, wizard);
  const save = useSaveCapture(wizard, user.id, onClose);

  function requestClose() {
    if (saving) return;
    if (isWorthKeeping(draft)) {
      // After the Escape that may have asked has finished: the question's own Escape listener
      // would otherwise read it as "Keep editing" and close the question at once.
      window.setTimeout(() => setConfirm('close'), 0);
      return;
    }
    wizard.discard();
    onClose();
  }

  function confirmDiscard() {
    const intent = confirm;
    setConfirm(null);
    if (intent === 'close') {
      wizard.setClosingAfterDiscard(true);
      wizard.discard();
      onClose();
    } else {
      wizard.discard(kept.waitingPrompt ? draftFromPrompt(kept.waitingPrompt) : emptyDraft);
      focus.focusFirstField();
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      title={messages.captureAMemory}
      size="lg"
      fullScreen={mobile}
      closeOnClickOutside={false}
      closeOnEscape={!recorderOpen && confirm === null && !saving}
      withCloseButton={!saving}
      closeButtonProps={{ 'aria-label': messages.closeDialog }}
    >
      <div ref={body}>
        {!kept.ready ? (
          <Center py="xl">
            <Loader aria-label={messages.captureLoadingDraft} />
          </Center>
        ) : (
          <>
            {kept.restored && (
              <Alert variant="light" color="blue" mb="md" withCloseButton onClose={kept.dismissRestored} closeButtonLabel={messages.draftRestoredDismiss} role="status">
                {messages.draftRestored(draft.title.trim())}
                <Button size="md" variant="subtle" mt="xs" px={0} onClick={() => setConfirm('restart')} display="block">
                  {messages.draftStartNew}
                </Button>
              </Alert>
            )}
            <WizardSteps
              wizard={wizard}
              onRecord={focus.openRecorder}
              // The draft waits in the browser while the person invites someone (issue 9).
              onInvite={() => {
                void kept.flush();
                onClose();
              }}
              onSave={() => !saving && timelineIds.length > 0 && save.mutate()}
            />
          </>
        )}
      </div>
      {recorderOpen && (
        <VoiceRecorderDialog
          onClose={focus.closeRecorder}
          onComplete={({ recording, durationSeconds, transcription, outcome }: VoiceResult) =>
            update({ recording, recordingDuration: durationSeconds, transcription, transcriptionPending: outcome === 'pending' })
          }
        />
      )}
      <DiscardConfirm opened={confirm !== null} returnFocus={!wizard.closingAfterDiscard} onKeep={() => setConfirm(null)} onDiscard={confirmDiscard} />
    </Modal>
  );
}

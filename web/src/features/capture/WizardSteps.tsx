// The capture wizard's steps (memories §2, §4): start → follow-up-prompt → questions →
// timeline → sharing, each shown for its step with the transitions between them.
import { keepAnswer } from './draft';
import { FollowUpPromptStep } from './FollowUpPromptStep';
import { QuestionsStep } from './QuestionsStep';
import { SharingStep } from './SharingStep';
import { StartStep } from './StartStep';
import { TimelineStep } from './TimelineStep';
import type { WizardState } from './useWizardState';

interface WizardStepsProps {
  wizard: WizardState;
  onRecord: () => void;
  onInvite: () => void;
  onSave: () => void;
}

export function WizardSteps({ wizard, onRecord, onInvite, onSave }: WizardStepsProps) {
  const { draft, setDraft, step, setStep, update, followUp, timelines, timelineIds, sharing, sharedWith, undo, saving } = wizard;
  switch (step) {
    case 'start':
      return (
        <StartStep
          draft={draft}
          update={update}
          onRecord={onRecord}
          onRemoveRecording={wizard.removeRecording}
          onRemoveImage={wizard.removeImage}
          onVideoChosen={wizard.chooseVideo}
          onRemoveVideo={wizard.removeVideo}
          undo={undo && { text: undo.text, place: undo.place, onUndo: wizard.undoRemoval }}
          onNext={wizard.next}
        />
      );
    case 'follow-up-prompt':
      return <FollowUpPromptStep onYes={() => followUp.begin(draft)} onNo={() => setStep('timeline')} onBack={() => setStep('start')} />;
    case 'questions':
      return (
        <QuestionsStep
          question={draft.question}
          loading={followUp.loading}
          answer={draft.answer}
          answerAudio={draft.answerAudio}
          answerAudioDuration={draft.answerAudioDuration}
          answeredCount={draft.followUps.length}
          onAnswerChange={(answer) => update({ answer })}
          onSpokenAnswer={({ answer, audio, audioDuration }) => update({ answer, answerAudio: audio, answerAudioDuration: audioDuration })}
          onAnotherQuestion={() => followUp.another(keepAnswer(draft))}
          onSaveAndExit={() => {
            setDraft((current) => ({ ...keepAnswer(current), question: null }));
            setStep('timeline');
          }}
        />
      );
    case 'timeline':
      return (
        <TimelineStep
          timelines={timelines}
          selected={timelineIds}
          onChange={(ids) => update({ timelineIds: ids, sharedWith: null })}
          onBack={() => setStep('follow-up-prompt')}
          onContinue={() => timelineIds.length > 0 && setStep('sharing')}
        />
      );
    case 'sharing':
      return (
        <SharingStep
          mode={draft.sharing}
          // memories §2: choosing selective sharing preselects the active timeline's other members.
          onModeChange={(mode) => update({ sharing: mode, sharedWith: null })}
          members={sharing.members}
          membersLoading={sharing.isLoading}
          membersUnlisted={sharing.unlisted}
          timelineNames={timelineIds.flatMap((timelineId) => timelines.find((timeline) => timeline.id === timelineId)?.name ?? [])}
          selected={sharedWith}
          onSelectedChange={(ids) => update({ sharedWith: ids })}
          onSelectAll={() => update({ sharedWith: sharing.defaultSelection })}
          onInvite={onInvite}
          onBack={() => setStep('timeline')}
          onSave={onSave}
          saving={saving}
        />
      );
  }
}

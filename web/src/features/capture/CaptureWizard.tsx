// memories §2 "Memory capture wizard": start → follow-up-prompt → questions → timeline →
// sharing, with the transitions of §4 and the validation of §5. Closing or discarding resets
// everything, returns to start, stops any recording and clears the stored transcription;
// issue 9: a draft with something in it is kept in the browser and closing it asks first.
import { Alert, Button, Loader, Center, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { MOBILE_WIDTH } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import type { DailyPrompts } from '../../../../common/prompts';
import type { User } from '../../../../common/users';
import { toUserText } from '../../api/errors';
import { newIdempotencyKey } from '../../api/idempotency';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { toast } from '../../lib/toast';
import type { Memory } from '../../../../common/memories';
import { captureVideoThumbnail } from '../../lib/videoThumbnail';
import { useActiveTimeline } from '../timelines';
import type { VoiceResult } from '../voice';
import { DiscardConfirm } from './DiscardConfirm';
import { draftFromPrompt, emptyDraft, hasContent, isWorthKeeping, keepAnswer, withIdempotencyKey, type CaptureDraft } from './draft';
import { focusWithin, useTabReturnsInside } from './focusInside';
import { FollowUpPromptStep } from './FollowUpPromptStep';
import { QuestionsStep } from './QuestionsStep';
import { saveMemory, type SavePhase } from './saveMemory';
import { SharingStep, useSharingMembers, wizardAudience } from './SharingStep';
import { StartStep } from './StartStep';
import { TimelineStep } from './TimelineStep';
import { useCaptureDraft } from './useCaptureDraft';
import { useFollowUpQuestions } from './useFollowUpQuestions';
import { VoiceRecorderDialog } from './VoiceRecorderDialog';

interface CaptureWizardProps {
  user: User;
  opened: boolean;
  onClose: () => void;
}

type Undo = { text: string; place: 'voice' | 'media'; restore: (current: CaptureDraft) => Partial<CaptureDraft> };

export default function CaptureWizard({ user, opened, onClose }: CaptureWizardProps) {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_WIDTH}px)`);
  const queryClient = useQueryClient();
  const { timelines, active } = useActiveTimeline();
  const kept = useCaptureDraft(user.id, opened);
  const { draft, setDraft, step, setStep } = kept;

  const [recorderOpen, setRecorderOpen] = useState(false);
  const [confirm, setConfirm] = useState<'close' | 'restart' | null>(null);
  const [closingAfterDiscard, setClosingAfterDiscard] = useState(false);
  const [undo, setUndo] = useState<Undo | null>(null);
  const [saving, setSaving] = useState<{ phase: SavePhase; percent: number } | null>(null);

  const body = useRef<HTMLDivElement>(null);
  const recorderOpener = useRef<HTMLElement | null>(null);
  // The frame being captured for each chosen video, so a quick save can still wait for it.
  const thumbnailCaptures = useRef(new WeakMap<File, Promise<string | null>>());
  // Answers that arrive after the draft was discarded belong to no one.
  const generation = useRef(0);

  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  });

  const update = (change: Partial<CaptureDraft>) => setDraft((current) => ({ ...current, ...change }));

  // The day's prompt on Home, for a story with no words yet (the follow-up engine asks about it).
  const dailyPrompt = queryClient.getQueryData<DailyPrompts>(queryKeys.dailyPrompts(active?.id ?? null))?.lookingBackPrompt;
  const followUp = useFollowUpQuestions({ setDraft, draftRef, setStep, dailyPrompt, generation });

  // memories §4: initially the active timeline if it exists, else the first timeline.
  const known = new Set(timelines.map((timeline) => timeline.id));
  const initialTimelines = active && known.has(active.id) ? [active.id] : timelines[0] ? [timelines[0].id] : [];
  const timelineIds = (draft.timelineIds ?? initialTimelines).filter((timelineId) => known.has(timelineId));

  const sharing = useSharingMembers(step === 'sharing' ? timelineIds : [], active?.id ?? null, user.id);
  const sharedWith = draft.sharedWith ?? sharing.defaultSelection;

  // Each opening starts with focus returning normally; leaving the start step ends its Undo.
  const [seen, setSeen] = useState({ opened, step });
  if (seen.opened !== opened || seen.step !== step) {
    setSeen({ opened, step });
    if (opened && !seen.opened) setClosingAfterDiscard(false);
    if (step !== 'start') setUndo(null);
  }

  // A step change removes the control that had focus: the new step's first control takes it.
  // Not while closing (a save or a discard resets to start): focus then goes back to what
  // opened the wizard.
  const lastStep = useRef(step);
  const openedRef = useRef(opened);
  useEffect(() => {
    openedRef.current = opened;
  });
  useEffect(() => {
    if (lastStep.current === step) return;
    lastStep.current = step;
    const timer = window.setTimeout(() => {
      if (openedRef.current) focusWithin(body.current);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [step]);
  // The draft is read from the browser before the steps show: once they do, focus goes to the
  // step's first field (Mantine's trap looked for it while only the loader was there).
  useEffect(() => {
    if (!opened || !kept.ready) return;
    const timer = window.setTimeout(() => {
      if (!body.current?.contains(document.activeElement)) focusWithin(body.current);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [opened, kept.ready]);
  useTabReturnsInside(body, opened && !recorderOpen && confirm === null);

  function discard(next: CaptureDraft = emptyDraft) {
    generation.current += 1;
    followUp.cancel();
    setRecorderOpen(false);
    setUndo(null);
    setSaving(null);
    kept.reset(next);
  }

  function requestClose() {
    if (saving) return;
    if (isWorthKeeping(draft)) {
      // After the Escape that may have asked has finished: the question's own Escape listener
      // would otherwise read it as "Keep editing" and close the question at once.
      window.setTimeout(() => setConfirm('close'), 0);
      return;
    }
    discard();
    onClose();
  }

  function confirmDiscard() {
    const intent = confirm;
    setConfirm(null);
    if (intent === 'close') {
      setClosingAfterDiscard(true);
      discard();
      onClose();
    } else {
      discard(kept.waitingPrompt ? draftFromPrompt(kept.waitingPrompt) : emptyDraft);
      window.setTimeout(() => focusWithin(body.current), 0);
    }
  }

  function chooseVideo(file: File) {
    const current = generation.current;
    update({ video: { file, thumbnail: null } });
    const capture = captureVideoThumbnail(file);
    thumbnailCaptures.current.set(file, capture);
    void capture.then((thumbnail) => {
      if (current !== generation.current) return;
      setDraft((latest) => (latest.video?.file === file ? { ...latest, video: { file, thumbnail } } : latest));
    });
  }

  function remove(change: Partial<CaptureDraft>, next: Undo) {
    update(change);
    setUndo(next);
  }

  function removeRecording() {
    const { recording, recordingDuration, transcription } = draft;
    remove({ recording: null, recordingDuration: null, transcription: '' }, {
      text: messages.recordingRemoved,
      place: 'voice',
      restore: (current) => (current.recording ? {} : { recording, recordingDuration, transcription: current.transcription || transcription }),
    });
  }

  function removeImage(index: number) {
    const image = draft.images[index];
    if (!image) return;
    remove({ images: draft.images.filter((_, at) => at !== index) }, {
      text: messages.photoRemoved,
      place: 'media',
      restore: (current) => (current.images.length >= 3 || current.images.includes(image) ? {} : { images: [...current.images.slice(0, index), image, ...current.images.slice(index)] }),
    });
  }

  function removeVideo() {
    const video = draft.video;
    remove({ video: null }, { text: messages.videoRemoved, place: 'media', restore: (current) => (current.video ? {} : { video }) });
  }

  function openRecorder() {
    recorderOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setRecorderOpen(true);
  }

  function closeRecorder() {
    refocusAfterRecorder.current = true;
    setRecorderOpen(false);
  }

  // Focus returns to the control that opened the recorder, or, when a recording replaced it,
  // to the recording's player: never to the page behind (issue 9). After the commit, so the
  // recording's controls are there.
  const refocusAfterRecorder = useRef(false);
  useEffect(() => {
    if (recorderOpen || !refocusAfterRecorder.current) return;
    refocusAfterRecorder.current = false;
    focusWithin(body.current?.querySelector<HTMLElement>('[data-capture-voice]') ?? body.current, recorderOpener.current);
  }, [recorderOpen, draft.recording]);

  // memories §5: a title, and at least one content source.
  function next() {
    if (!draft.title.trim()) {
      toast.error(messages.captureMissingTitleDetail, messages.captureMissingTitle);
      return;
    }
    if (!hasContent(draft)) {
      toast.error(messages.captureContentRequiredDetail, messages.captureContentRequired);
      return;
    }
    setStep('follow-up-prompt');
  }

  const save = useApiMutation<void, Memory>({
    mutationFn: async () => {
      const current = generation.current;
      setSaving({ phase: draft.video ? 'video' : 'memory', percent: 0 });
      // The frame is usually long captured; if not, its own 3 s fallback bounds the wait (memories §9).
      const videoThumbnail = draft.video ? (draft.video.thumbnail ?? (await thumbnailCaptures.current.get(draft.video.file)) ?? null) : null;
      const sharedWithChoice = draft.sharing === 'private' ? [] : sharedWith;
      // issue 20: the audience the choice on screen means (SharingStep says it in words).
      const audience = wizardAudience(draft.sharing, sharedWithChoice, sharing.members);
      // issue 20: the key is kept with the draft, so Save pressed again after a failure sends it again.
      const keyed = withIdempotencyKey(draft, newIdempotencyKey);
      if (keyed !== draft) update({ idempotencyKey: keyed.idempotencyKey });
      return saveMemory(keyed, { timelineIds, sharedWith: sharedWithChoice, audience, videoThumbnail }, (phase, percent) => {
        if (current === generation.current) setSaving({ phase, percent });
      });
    },
    success: () => ({ title: messages.memorySaved, message: messages.memorySavedDetail }),
    error: false,
    invalidate: [queryKeys.memories],
    onSuccess: () => {
      discard();
      onClose();
    },
    onError: (error) => {
      // memories §8: the upload's words, else 'Failed to save memory'.
      toast.error(toUserText(error, messages.memorySaveFailed));
      setSaving(null);
    },
  });

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      title="Capture a Memory"
      size="lg"
      fullScreen={mobile}
      closeOnClickOutside={false}
      closeOnEscape={!recorderOpen && confirm === null && !saving}
      withCloseButton={!saving}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <div ref={body}>
        {!kept.ready ? (
          <Center py="xl">
            <Loader aria-label="Loading your memory" />
          </Center>
        ) : (
          <>
            {kept.restored && (
              <Alert variant="light" color="blue" mb="md" withCloseButton onClose={kept.dismissRestored} closeButtonLabel="Dismiss" role="status">
                {messages.draftRestored(draft.title.trim())}
                <Button size="md" variant="subtle" mt="xs" px={0} onClick={() => setConfirm('restart')} display="block">
                  {messages.draftStartNew}
                </Button>
              </Alert>
            )}
            {step === 'start' && (
              <StartStep
                draft={draft}
                update={update}
                onRecord={openRecorder}
                onRemoveRecording={removeRecording}
                onRemoveImage={removeImage}
                onVideoChosen={chooseVideo}
                onRemoveVideo={removeVideo}
                undo={undo && { text: undo.text, place: undo.place, onUndo: () => (setDraft((current) => ({ ...current, ...undo.restore(current) })), setUndo(null)) }}
                onNext={next}
              />
            )}
            {step === 'follow-up-prompt' && (
              <FollowUpPromptStep onYes={() => followUp.begin(draft)} onNo={() => setStep('timeline')} onBack={() => setStep('start')} />
            )}
            {step === 'questions' && (
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
            )}
            {step === 'timeline' && (
              <TimelineStep
                timelines={timelines}
                selected={timelineIds}
                onChange={(ids) => update({ timelineIds: ids, sharedWith: null })}
                onBack={() => setStep('follow-up-prompt')}
                onContinue={() => timelineIds.length > 0 && setStep('sharing')}
              />
            )}
            {step === 'sharing' && (
              <SharingStep
                mode={draft.sharing}
                // memories §2: choosing selective sharing preselects the active timeline's other members.
                onModeChange={(mode) => update({ sharing: mode, sharedWith: null })}
                members={sharing.members}
                membersLoading={sharing.isLoading}
                timelineNames={timelineIds.flatMap((timelineId) => timelines.find((timeline) => timeline.id === timelineId)?.name ?? [])}
                selected={sharedWith}
                onSelectedChange={(ids) => update({ sharedWith: ids })}
                onSelectAll={() => update({ sharedWith: sharing.defaultSelection })}
                // The draft waits in the browser while the person invites someone (issue 9).
                onInvite={() => {
                  void kept.flush();
                  onClose();
                }}
                onBack={() => setStep('timeline')}
                onSave={() => !saving && timelineIds.length > 0 && save.mutate()}
                saving={saving}
              />
            )}
          </>
        )}
      </div>
      {recorderOpen && (
        <VoiceRecorderDialog
          onClose={closeRecorder}
          onComplete={({ recording, durationSeconds, transcription }: VoiceResult) =>
            update({ recording, recordingDuration: durationSeconds, transcription })
          }
        />
      )}
      <DiscardConfirm opened={confirm !== null} returnFocus={!closingAfterDiscard} onKeep={() => setConfirm(null)} onDiscard={confirmDiscard} />
    </Modal>
  );
}

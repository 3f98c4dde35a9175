// memories §2 "Memory capture wizard": start → follow-up-prompt → questions → timeline →
// sharing, with the transitions of §4 and the validation of §5. Closing or discarding resets
// everything, returns to start, stops any recording and clears the stored transcription.
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FOLLOW_UP_REQUEST_DELAY_MS, MOBILE_WIDTH } from '../../../../common/limits';
import { contentWithFollowUps, type FollowUpPair } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import type { User } from '../../../../common/users';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { toast } from '../../lib/toast';
import { captureVideoThumbnail } from '../memories';
import { useActiveTimeline } from '../timelines/ActiveTimeline';
import { emptyDraft, hasContent, memoryText, type CaptureDraft, type CaptureStep } from './draft';
import { FollowUpPromptStep } from './FollowUpPromptStep';
import { QuestionsStep } from './QuestionsStep';
import { saveFailureText, saveMemory, type SavePhase } from './saveMemory';
import { SharingStep, useSharingMembers } from './SharingStep';
import { StartStep } from './StartStep';
import { TimelineStep } from './TimelineStep';
import { VoiceRecorderDialog } from './VoiceRecorderDialog';

interface CaptureWizardProps {
  user: User;
  opened: boolean;
  onClose: () => void;
}

export default function CaptureWizard({ user, opened, onClose }: CaptureWizardProps) {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_WIDTH}px)`);
  const queryClient = useQueryClient();
  const { timelines, active } = useActiveTimeline();

  const [step, setStep] = useState<CaptureStep>('start');
  const [draft, setDraft] = useState<CaptureDraft>(emptyDraft);
  const [recorderOpen, setRecorderOpen] = useState(false);
  const [question, setQuestion] = useState<string | null>(null);
  const [questionLoading, setQuestionLoading] = useState(false);
  const [answer, setAnswer] = useState('');
  const [saving, setSaving] = useState<{ phase: SavePhase; percent: number } | null>(null);

  // Answers that arrive after the draft was discarded belong to no one: each reset starts a
  // new generation and late answers of an older one are dropped.
  const generation = useRef(0);
  const timers = useRef<number[]>([]);
  // The frame being captured for each chosen video, so a quick save can still wait for it.
  const thumbnailCaptures = useRef(new WeakMap<File, Promise<string | null>>());
  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  });
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  const update = (change: Partial<CaptureDraft>) => setDraft((current) => ({ ...current, ...change }));

  // memories §4: initially the active timeline if it exists, else the first timeline.
  const known = new Set(timelines.map((timeline) => timeline.id));
  const initialTimelines = active && known.has(active.id) ? [active.id] : timelines[0] ? [timelines[0].id] : [];
  const timelineIds = (draft.timelineIds ?? initialTimelines).filter((timelineId) => known.has(timelineId));

  const sharing = useSharingMembers(step === 'sharing' ? timelineIds : [], active?.id ?? null, user.id);
  const sharedWith = draft.sharedWith ?? sharing.defaultSelection;

  function reset() {
    generation.current += 1;
    timers.current.forEach((timer) => window.clearTimeout(timer));
    timers.current = [];
    setRecorderOpen(false);
    setDraft(emptyDraft);
    setStep('start');
    setQuestion(null);
    setQuestionLoading(false);
    setAnswer('');
    setSaving(null);
  }

  function close() {
    if (saving) return;
    reset();
    onClose();
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

  /** memories §7: POST /api/prompts/follow-up with every question asked so far. */
  function requestQuestion(followUps: FollowUpPair[], asked: string[]) {
    const text = memoryText(draftRef.current);
    if (!text) {
      toast.error(messages.followUpEmptyMemoryDetail, messages.followUpEmptyMemory);
      return;
    }
    const current = generation.current;
    setQuestion(null);
    setQuestionLoading(true);
    const memoryContent = [draftRef.current.title.trim(), contentWithFollowUps(text, followUps)].filter(Boolean).join('\n\n');
    api.followUp
      .question({ memoryContent, previousQuestions: asked })
      .then(({ question: next }) => {
        if (current !== generation.current) return;
        setQuestion(next);
        setDraft((latest) => ({ ...latest, askedQuestions: [...latest.askedQuestions, next] }));
      })
      .catch(() => {
        if (current === generation.current) toast.error(messages.followUpFailed);
      })
      .finally(() => {
        if (current === generation.current) setQuestionLoading(false);
      });
  }

  // memories §4: the question is requested 300 ms after Yes; memories §5: only about some text.
  function answerFollowUp() {
    if (!memoryText(draftRef.current)) {
      toast.error(messages.followUpEmptyMemoryDetail, messages.followUpEmptyMemory);
      return;
    }
    setStep('questions');
    setQuestion(null);
    setQuestionLoading(true);
    timers.current.push(
      window.setTimeout(() => requestQuestion(draftRef.current.followUps, draftRef.current.askedQuestions), FOLLOW_UP_REQUEST_DELAY_MS),
    );
  }

  /** Keeps the current answer, if any, as a Q/A pair. */
  function keepAnswer(): FollowUpPair[] {
    const followUps = question && answer.trim() ? [...draft.followUps, { question, answer: answer.trim() }] : draft.followUps;
    update({ followUps });
    setAnswer('');
    return followUps;
  }

  async function save() {
    if (saving || timelineIds.length === 0) return;
    const current = generation.current;
    setSaving({ phase: draft.video ? 'video' : 'memory', percent: 0 });
    try {
      // The frame is usually long captured; if not, its own 3 s fallback bounds the wait (memories §9).
      const videoThumbnail = draft.video ? (draft.video.thumbnail ?? (await thumbnailCaptures.current.get(draft.video.file)) ?? null) : null;
      const sharedWithChoice = draft.sharing === 'private' ? [] : sharedWith;
      await saveMemory(draft, { timelineIds, sharedWith: sharedWithChoice, videoThumbnail }, (phase, percent) => {
        if (current === generation.current) setSaving({ phase, percent });
      });
      toast.success(messages.memorySaved, messages.memorySavedDetail);
      void queryClient.invalidateQueries({ queryKey: queryKeys.memories });
      reset();
      onClose();
    } catch (error) {
      toast.error(saveFailureText(error));
      setSaving(null);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Capture a Memory"
      size="lg"
      fullScreen={mobile}
      closeOnClickOutside={false}
      closeOnEscape={!recorderOpen && !saving}
      withCloseButton={!saving}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {step === 'start' && (
        <StartStep draft={draft} update={update} onRecord={() => setRecorderOpen(true)} onVideoChosen={chooseVideo} onNext={next} />
      )}
      {step === 'follow-up-prompt' && (
        <FollowUpPromptStep onYes={answerFollowUp} onNo={() => setStep('timeline')} onBack={() => setStep('start')} />
      )}
      {step === 'questions' && (
        <QuestionsStep
          question={question}
          loading={questionLoading}
          answer={answer}
          answeredCount={draft.followUps.length}
          onAnswerChange={setAnswer}
          onAnotherQuestion={() => requestQuestion(keepAnswer(), draft.askedQuestions)}
          onSaveAndExit={() => {
            keepAnswer();
            setQuestion(null);
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
          selected={sharedWith}
          onSelectedChange={(ids) => update({ sharedWith: ids })}
          onSelectAll={() => update({ sharedWith: sharing.defaultSelection })}
          onInvite={close}
          onBack={() => setStep('timeline')}
          onSave={() => void save()}
          saving={saving}
        />
      )}
      {recorderOpen && (
        <VoiceRecorderDialog
          onClose={() => setRecorderOpen(false)}
          onComplete={(recording, transcription) => update({ recording, transcription })}
        />
      )}
    </Modal>
  );
}

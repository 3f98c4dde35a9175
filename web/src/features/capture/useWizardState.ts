// The capture wizard's state (memories §2, §4, §5): the draft kept in the browser and its step,
// what is open above it (the recorder, a discard question), the last removal that Undo brings
// back, the save's progress, and the choices derived from the draft (timelines, who sees it).
// Discarding resets everything and returns to start; answers and frames of a discarded draft
// are dropped by its generation.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../../common/messages';
import type { DailyPrompts } from '../../../../common/prompts';
import type { User } from '../../../../common/users';
import { queryKeys } from '../../api/keys';
import { toast } from '../../lib/toast';
import { captureVideoThumbnail } from '../../lib/videoThumbnail';
import { useActiveTimeline } from '../timelines';
import { emptyDraft, missingForNext, type CaptureDraft } from './draft';
import type { SavePhase } from './saveMemory';
import { useSharingMembers } from './SharingStep';
import { useCaptureDraft } from './useCaptureDraft';
import { useFollowUpQuestions } from './useFollowUpQuestions';

/** The toasts of Next's refusals (memories §5), named so each goes once what it asks for is given. */
const refusalToastIds = { title: 'capture-missing-title', content: 'capture-content-required' } as const;

export type Undo = { text: string; place: 'voice' | 'media'; restore: (current: CaptureDraft) => Partial<CaptureDraft> };
export type Saving = { phase: SavePhase; percent: number };

export function useWizardState(user: User, opened: boolean) {
  const queryClient = useQueryClient();
  const { timelines, active } = useActiveTimeline();
  const kept = useCaptureDraft(user.id, opened);
  const { draft, setDraft, step, setStep } = kept;

  const [recorderOpen, setRecorderOpen] = useState(false);
  const [confirm, setConfirm] = useState<'close' | 'restart' | null>(null);
  const [closingAfterDiscard, setClosingAfterDiscard] = useState(false);
  const [undo, setUndo] = useState<Undo | null>(null);
  const [saving, setSaving] = useState<Saving | null>(null);

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

  const members = useSharingMembers(step === 'sharing' ? timelineIds : [], active?.id ?? null, user.id);
  const sharing = { ...members, unlisted: members.unavailable ? { chosenByHand: draft.sharedWith !== null } : undefined };
  const sharedWith = draft.sharedWith ?? sharing.defaultSelection;

  // Each opening starts with focus returning normally; leaving the start step ends its Undo.
  const [seen, setSeen] = useState({ opened, step });
  if (seen.opened !== opened || seen.step !== step) {
    setSeen({ opened, step });
    if (opened && !seen.opened) setClosingAfterDiscard(false);
    if (step !== 'start') setUndo(null);
  }

  function discard(next: CaptureDraft = emptyDraft) {
    generation.current += 1;
    followUp.cancel();
    setRecorderOpen(false);
    setUndo(null);
    setSaving(null);
    kept.reset(next);
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

  /** The chosen video's frame: usually long captured; if not, its own 3 s fallback bounds the wait (memories §9). */
  async function videoThumbnail(): Promise<string | null> {
    if (!draft.video) return null;
    return draft.video.thumbnail ?? (await thumbnailCaptures.current.get(draft.video.file)) ?? null;
  }

  function remove(change: Partial<CaptureDraft>, next: Undo) {
    update(change);
    setUndo(next);
  }

  function removeRecording() {
    const { recording, recordingDuration, transcription, transcriptionPending } = draft;
    remove({ recording: null, recordingDuration: null, transcription: '', transcriptionPending: false }, {
      text: messages.recordingRemoved,
      place: 'voice',
      restore: (current) =>
        current.recording ? {} : { recording, recordingDuration, transcriptionPending, transcription: current.transcription || transcription },
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

  function undoRemoval() {
    if (!undo) return;
    setDraft((current) => ({ ...current, ...undo.restore(current) }));
    setUndo(null);
  }

  // memories §5: a title, and at least one content source.
  const missing = missingForNext(draft);
  function next() {
    if (missing === 'title') toast.error(messages.captureMissingTitleDetail, messages.captureMissingTitle, { id: refusalToastIds.title });
    else if (missing === 'content') toast.error(messages.captureContentRequiredDetail, messages.captureContentRequired, { id: refusalToastIds.content });
    else setStep('follow-up-prompt');
  }
  // A refusal's toast goes with its reason: "Missing title" stayed its 5 s over the title just typed.
  useEffect(() => {
    if (missing !== 'title') toast.withdraw(refusalToastIds.title);
    if (missing !== 'content') toast.withdraw(refusalToastIds.content);
  }, [missing]);

  return {
    kept,
    draft,
    setDraft,
    step,
    setStep,
    update,
    generation,
    followUp,
    timelines,
    timelineIds,
    sharing,
    sharedWith,
    recorderOpen,
    setRecorderOpen,
    confirm,
    setConfirm,
    closingAfterDiscard,
    setClosingAfterDiscard,
    undo,
    saving,
    setSaving,
    discard,
    chooseVideo,
    videoThumbnail,
    removeRecording,
    removeImage,
    removeVideo,
    undoRemoval,
    next,
  };
}

export type WizardState = ReturnType<typeof useWizardState>;

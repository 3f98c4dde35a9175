// The wizard's draft and step, kept in the browser as they change (DESIGN "Drafts live in the
// browser"): text after a short pause, recordings and files at once, and whatever is pending
// when the page is hidden or left. Each opening takes the draft back: the one still in memory
// (after a trip to '/community') or the one stored (after a reload or a closed tab).
import { useCallback, useEffect, useRef, useState } from 'react';
import { DRAFT_SAVE_DEBOUNCE_MS, draftFromPrompt, emptyDraft, isWorthKeeping, type CaptureDraft, type CaptureStep } from './draft';
import { clearDraft, loadDraft, saveDraft } from './draftStore';
import { clearPromptSeed, peekPromptSeed } from './promptSeed';

/** The blobs a draft holds, in order: a change here is written at once. */
function mediaOf(draft: CaptureDraft): Blob[] {
  return [
    ...(draft.recording ? [draft.recording] : []),
    ...draft.images,
    ...(draft.video ? [draft.video.file] : []),
    ...draft.followUps.flatMap((pair) => (pair.audio ? [pair.audio] : [])),
    ...(draft.answerAudio ? [draft.answerAudio] : []),
  ];
}

function sameMedia(a: Blob[], b: Blob[]): boolean {
  return a.length === b.length && a.every((blob, at) => blob === b[at]);
}

/** A step that cannot be shown again as it was (a question still on its way) goes back one. */
function resumableStep(step: CaptureStep, draft: CaptureDraft): CaptureStep {
  return step === 'questions' && !draft.question ? 'follow-up-prompt' : step;
}

const warn = (error: unknown) => console.warn('The draft could not be kept in this browser', error);

export function useCaptureDraft(owner: string, opened: boolean) {
  const [draft, setDraft] = useState<CaptureDraft>(emptyDraft);
  const [step, setStep] = useState<CaptureStep>('start');
  /** False while the stored draft is being read: nothing is written over it meanwhile. */
  const [ready, setReady] = useState(false);
  /** The draft came back from earlier: the wizard says so and offers a fresh start. */
  const [restored, setRestored] = useState(false);
  /** A prompt tapped while an earlier draft came back: the fresh start is about it. */
  const [waitingPrompt, setWaitingPrompt] = useState<string | null>(null);

  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  });

  useEffect(() => {
    if (!opened) return;
    let cancelled = false;
    const seed = peekPromptSeed();
    const take = (kept: boolean) => {
      clearPromptSeed();
      setRestored(kept);
      setWaitingPrompt(kept ? seed : null);
      if (!kept && seed) setDraft(draftFromPrompt(seed));
    };
    if (isWorthKeeping(draftRef.current)) {
      take(true);
      setReady(true);
      return;
    }
    setReady(false);
    loadDraft(owner)
      .then((saved) => {
        if (cancelled) return;
        if (saved && isWorthKeeping(saved.draft)) {
          setDraft(saved.draft);
          setStep(resumableStep(saved.step, saved.draft));
          take(true);
        } else take(false);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        warn(error);
        take(false);
      })
      .finally(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, [opened, owner]);

  // The write waiting for the pause in typing, run early when the page goes away.
  const pending = useRef<(() => Promise<void>) | null>(null);
  const flush = useCallback(() => {
    const write = pending.current;
    pending.current = null;
    return write ? write().catch(warn) : Promise.resolve();
  }, []);
  const writtenMedia = useRef<Blob[]>([]);

  useEffect(() => {
    if (!ready) return;
    const media = mediaOf(draft);
    const mediaChanged = !sameMedia(media, writtenMedia.current);
    writtenMedia.current = media;
    pending.current = isWorthKeeping(draft) ? () => saveDraft(owner, step, draft) : () => clearDraft(owner);
    const timer = window.setTimeout(() => void flush(), mediaChanged ? 0 : DRAFT_SAVE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, step, ready, owner, flush]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onPageHide = () => void flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      void flush();
    };
  }, [flush]);

  /** Starts afresh (after a save, or a discard the person confirmed); the stored draft goes too. */
  const reset = useCallback((next: CaptureDraft = emptyDraft) => {
    // At once, not after the typing pause: the wizard may be opened again sooner, and must not
    // bring back what was just saved or discarded.
    pending.current = null;
    void clearDraft(owner).catch(warn);
    setDraft(next);
    setStep('start');
    setRestored(false);
    setWaitingPrompt(null);
  }, [owner]);

  return {
    draft,
    setDraft,
    step,
    setStep,
    ready,
    restored,
    waitingPrompt,
    dismissRestored: useCallback(() => setRestored(false), []),
    reset,
    flush,
  };
}

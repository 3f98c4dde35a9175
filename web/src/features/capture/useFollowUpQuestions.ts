// memories §4, §5, §7: the follow-up question, requested 300 ms after Yes and after 'Another
// question', never a repeat. A story tapped from one of the day's prompts already answers that
// prompt, so it is sent along and the server never asks it back (issue 20; issue 9 had asked it
// first); a voice-only story still gets a question, about its title and the day's
// prompt; only a story with neither words nor a recording is an 'Empty Memory'.
import { useCallback, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { FOLLOW_UP_REQUEST_DELAY_MS } from '../../../../common/limits';
import { contentWithFollowUps } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import type { FollowUpBody } from '../../../../common/prompts';
import { api } from '../../api/endpoints';
import { toast } from '../../lib/toast';
import { memoryText, type CaptureDraft, type CaptureStep } from './draft';

interface Options {
  setDraft: Dispatch<SetStateAction<CaptureDraft>>;
  /** The draft as last rendered, read when the 300 ms delay is over. */
  draftRef: RefObject<CaptureDraft>;
  setStep: (step: CaptureStep) => void;
  /** Today's 'Looking Back' prompt, when Home has it, for a story that has no words yet. */
  dailyPrompt: string | undefined;
  /** Bumped by the wizard on every discard: answers of an older draft are dropped. */
  generation: RefObject<number>;
}

/** The request body: the memory so far, plus its title and prompt for a story told only aloud. */
export function followUpRequest(draft: CaptureDraft, dailyPrompt?: string): FollowUpBody | null {
  const text = memoryText(draft);
  if (!text && !draft.recording) return null;
  const title = draft.title.trim();
  const memoryContent = [title, contentWithFollowUps(text, draft.followUps)].filter(Boolean).join('\n\n');
  const prompt = draft.prompt ?? dailyPrompt;
  return { memoryContent, previousQuestions: draft.askedQuestions, ...(title ? { title } : {}), ...(prompt ? { prompt } : {}) };
}

export function useFollowUpQuestions({ setDraft, draftRef, setStep, dailyPrompt, generation }: Options) {
  const [loading, setLoading] = useState(false);
  const timers = useRef<number[]>([]);

  const cancel = useCallback(() => {
    timers.current.forEach((timer) => window.clearTimeout(timer));
    timers.current = [];
    setLoading(false);
  }, []);

  const show = (question: string) =>
    setDraft((latest) => ({ ...latest, question, askedQuestions: [...latest.askedQuestions, question] }));

  /** Asks for a question about `draft` (its answers already kept); false when it is an 'Empty Memory'. */
  function request(draft: CaptureDraft): boolean {
    const body = followUpRequest(draft, dailyPrompt);
    if (!body) {
      toast.error(messages.followUpEmptyMemoryDetail, messages.followUpEmptyMemory);
      return false;
    }
    const current = generation.current;
    setDraft((latest) => ({ ...latest, question: null }));
    setLoading(true);
    api.followUp
      .question(body)
      .then(({ question }) => {
        if (current === generation.current) show(question);
      })
      .catch(() => {
        if (current === generation.current) toast.error(messages.followUpFailed);
      })
      .finally(() => {
        if (current === generation.current) setLoading(false);
      });
    return true;
  }

  /** Yes on the follow-up prompt: the questions step, and its first question 300 ms later. */
  function begin(draft: CaptureDraft) {
    if (!followUpRequest(draft, dailyPrompt)) {
      toast.error(messages.followUpEmptyMemoryDetail, messages.followUpEmptyMemory);
      return;
    }
    const current = generation.current;
    setStep('questions');
    setDraft((latest) => ({ ...latest, question: null }));
    setLoading(true);
    timers.current.push(
      window.setTimeout(() => {
        if (current !== generation.current) return;
        if (!request(draftRef.current)) setLoading(false);
      }, FOLLOW_UP_REQUEST_DELAY_MS),
    );
  }

  /** 'Another question': the answer on screen is kept first (the caller passes the draft with it). */
  function another(withAnswer: CaptureDraft) {
    setDraft(withAnswer);
    request(withAnswer);
  }

  return { loading, begin, another, cancel };
}

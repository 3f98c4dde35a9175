// Where focus goes in the capture wizard (issue 9): a step change removes the control that had
// focus, so the new step's first control takes it; the steps take it once the stored draft is
// read; Tab stays inside; the recorder hands it back to what opened it, or to the recording
// that replaced that control, never to the page behind.
import { useEffect, useRef, type RefObject } from 'react';
import { focusWithin, useTabReturnsInside } from './focusInside';
import type { WizardState } from './useWizardState';

export function useWizardFocus(body: RefObject<HTMLDivElement | null>, opened: boolean, wizard: WizardState) {
  const { step, kept, recorderOpen, setRecorderOpen, confirm, draft } = wizard;

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
  }, [step, body]);
  // The draft is read from the browser before the steps show: once they do, focus goes to the
  // step's first field (Mantine's trap looked for it while only the loader was there).
  useEffect(() => {
    if (!opened || !kept.ready) return;
    const timer = window.setTimeout(() => {
      if (!body.current?.contains(document.activeElement)) focusWithin(body.current);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [opened, kept.ready, body]);
  useTabReturnsInside(body, opened && !recorderOpen && confirm === null);

  const recorderOpener = useRef<HTMLElement | null>(null);
  const refocusAfterRecorder = useRef(false);
  // After the commit, so the recording's controls are there.
  useEffect(() => {
    if (recorderOpen || !refocusAfterRecorder.current) return;
    refocusAfterRecorder.current = false;
    focusWithin(body.current?.querySelector<HTMLElement>('[data-capture-voice]') ?? body.current, recorderOpener.current);
  }, [recorderOpen, draft.recording, body]);

  return {
    openRecorder() {
      recorderOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setRecorderOpen(true);
    },
    closeRecorder() {
      refocusAfterRecorder.current = true;
      setRecorderOpen(false);
    },
    /** After a fresh start: the first field of the start step. */
    focusFirstField() {
      window.setTimeout(() => focusWithin(body.current), 0);
    },
  };
}

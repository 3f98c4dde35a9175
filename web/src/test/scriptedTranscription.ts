// The transcription call held open, so a component test decides when and how it answers.
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { api } from '../api/endpoints';

export function holdTranscription() {
  let answer!: (text: string) => void;
  let fail!: (error: Error) => void;
  const call = vi.spyOn(api.audio, 'transcribe').mockImplementation(
    () =>
      new Promise((resolve, reject) => {
        answer = (text) => resolve({ transcription: text });
        fail = reject;
      }),
  );
  return { call, answer: (text: string) => answer(text), fail: (error: Error) => fail(error) };
}

/** Lets awaited promises settle inside React's act. */
export const settle = () => act(async () => {});

// For component tests of the voice flow: a scripted microphone behind useAudioRecorder and
// the config answer (is a transcription service configured?) already in the query cache.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { queryKeys } from '../../api/keys';
import { renderWithMantine } from '../../test/renderWithMantine';

export type ScriptedRecorderOptions = {
  onRecorded: (recording: Blob, details: { byLimit: boolean; durationMs: number }) => void;
  onError: (error: unknown) => void;
  maxMs: number;
};

/** Renders inside Mantine and React Query, with GET /api/config already answered. */
export function renderWithVoice(element: ReactElement, { transcriptionAvailable }: { transcriptionAvailable: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(queryKeys.publicConfig, { feedbackUrl: '', transcriptionAvailable });
  const wrap = (ui: ReactElement) => <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
  const view = renderWithMantine(wrap(element));
  return { ...view, rerender: (ui: ReactElement) => view.rerender(wrap(ui)) };
}

/** The scripted microphone hands over a recording of `seconds`. */
export function finishRecording(options: ScriptedRecorderOptions | null, recording: Blob, seconds = 3) {
  act(() => options!.onRecorded(recording, { byLimit: false, durationMs: seconds * 1000 }));
}

/** The scripted microphone is refused, as a browser does when permission is denied. */
export function refuseMicrophone(options: ScriptedRecorderOptions | null) {
  act(() => options!.onError(new DOMException('Permission denied', 'NotAllowedError')));
}

// @vitest-environment jsdom
// memories §4, §9: the microphone recorder's format, its 100 ms stop delay, its safety limit,
// and what a cancel leaves behind. MediaRecorder and the microphone are scripted fakes.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RECORDER_STOP_DELAY_MS,
  RECORDING_BITS_PER_SECOND,
  RECORDING_MAX_MS,
  RECORDING_MIME_TYPE,
  RECORDING_TIMESLICE_MS,
} from '../../../../common/limits';
import { useAudioRecorder } from './useAudioRecorder';

interface FakeStream {
  tracks: { kind: string; stop: () => void }[];
  getTracks: () => FakeStream['tracks'];
}

/** Every recorder and microphone stream made, in order. */
const recorders: FakeMediaRecorder[] = [];
const streams: FakeStream[] = [];
/** Whether a stopped recorder delivers its last chunk and stop event at once, or when `finish()` is called. */
let ending: 'at once' | 'later' = 'at once';

class FakeMediaRecorder {
  static isTypeSupported = vi.fn((type: string) => type === 'audio/webm');
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  timeslice: number | undefined;
  stopCalls = 0;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;

  constructor(
    readonly stream: FakeStream,
    readonly options: MediaRecorderOptions,
  ) {
    this.mimeType = options.mimeType ?? '';
    recorders.push(this);
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  /** One chunk, as the browser hands over every timeslice. */
  chunk(text: string) {
    this.ondataavailable?.({ data: new Blob([text]) });
  }
  stop() {
    this.stopCalls += 1;
    this.state = 'inactive';
    if (ending === 'at once') this.finish();
  }
  /** The last chunk, then the stop event. */
  finish() {
    this.chunk('end');
    this.onstop?.();
  }
}

function fakeStream(): FakeStream {
  const tracks = [{ kind: 'audio', stop: vi.fn() }];
  const stream = { tracks, getTracks: () => tracks };
  streams.push(stream);
  return stream;
}

const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints): Promise<FakeStream> => fakeStream());
// jsdom has no microphone; whatever navigator had is put back afterwards.
const originalMediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');

beforeEach(() => {
  recorders.length = 0;
  streams.length = 0;
  ending = 'at once';
  vi.useFakeTimers();
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (originalMediaDevices) Object.defineProperty(navigator, 'mediaDevices', originalMediaDevices);
  else Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.clearAllMocks();
});

function renderRecorder(maxMs = RECORDING_MAX_MS) {
  const onRecorded = vi.fn<(recording: Blob, details: { byLimit: boolean; durationMs: number }) => void>();
  const onError = vi.fn<(error: unknown) => void>();
  const view = renderHook(() => useAudioRecorder({ maxMs, onRecorded, onError }));
  const start = () =>
    act(async () => {
      await view.result.current.start();
    });
  return { ...view, start, onRecorded, onError };
}

const tracksStopped = (stream: FakeStream) => stream.tracks.every((track) => vi.mocked(track.stop).mock.calls.length > 0);

describe('useAudioRecorder (memories §4, §9)', () => {
  it('records audio/webm at 128 kbps in 1 s chunks and counts the time', async () => {
    // The spec's numbers, once, so a drifting constant fails here.
    expect([RECORDING_MIME_TYPE, RECORDING_BITS_PER_SECOND, RECORDING_TIMESLICE_MS, RECORDER_STOP_DELAY_MS]).toEqual(['audio/webm', 128_000, 1_000, 100]);
    const { result, start } = renderRecorder();
    expect(result.current.state).toBe('idle');
    await start();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(recorders).toHaveLength(1);
    expect(recorders[0]!.stream).toBe(streams[0]);
    expect(recorders[0]!.options).toEqual({ mimeType: RECORDING_MIME_TYPE, audioBitsPerSecond: RECORDING_BITS_PER_SECOND });
    expect(recorders[0]!.timeslice).toBe(RECORDING_TIMESLICE_MS);
    expect(result.current.state).toBe('recording');
    expect(result.current.elapsedMs).toBe(0);
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current.elapsedMs).toBe(2_000);
  });

  it('stops the recorder 100 ms after Stop, hands over the chunks and lets the microphone go', async () => {
    const { result, start, onRecorded } = renderRecorder();
    await start();
    const recorder = recorders[0]!;
    act(() => {
      recorder.chunk('first ');
      recorder.chunk('second ');
    });
    act(() => result.current.stop());
    expect(result.current.state).toBe('stopping');
    act(() => vi.advanceTimersByTime(RECORDER_STOP_DELAY_MS - 1));
    expect(recorder.stopCalls).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(recorder.stopCalls).toBe(1);
    expect(onRecorded).toHaveBeenCalledTimes(1);
    const [recording, details] = onRecorded.mock.calls[0]!;
    expect(details).toMatchObject({ byLimit: false });
    expect(details.durationMs).toBeGreaterThanOrEqual(0);
    expect(recording.type).toBe('audio/webm');
    expect(await recording.text()).toBe('first second end');
    expect(tracksStopped(streams[0]!)).toBe(true);
    expect(result.current.state).toBe('idle');
  });

  it('stops by itself at the safety limit, marked byLimit', async () => {
    const { result, start, onRecorded } = renderRecorder(5_000);
    await start();
    act(() => vi.advanceTimersByTime(4_999));
    expect(result.current.state).toBe('recording');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state).toBe('stopping');
    expect(recorders[0]!.stopCalls).toBe(0);
    act(() => vi.advanceTimersByTime(RECORDER_STOP_DELAY_MS));
    expect(onRecorded).toHaveBeenCalledTimes(1);
    expect(onRecorded.mock.calls[0]![1]).toMatchObject({ byLimit: true, durationMs: 5_000 });
    expect(tracksStopped(streams[0]!)).toBe(true);
    expect(result.current.state).toBe('idle');
  });

  it('reports a refused microphone and records nothing', async () => {
    const denied = new DOMException('Permission denied', 'NotAllowedError');
    getUserMedia.mockRejectedValueOnce(denied);
    const { result, start, onRecorded, onError } = renderRecorder();
    await start();
    expect(onError).toHaveBeenCalledWith(denied);
    expect(recorders).toHaveLength(0);
    act(() => vi.runAllTimers());
    expect(onRecorded).not.toHaveBeenCalled();
    expect(result.current.state).toBe('idle');
  });

  it('lets the microphone go, and makes no recorder, when cancelled while the browser was asking', async () => {
    let grant!: (stream: FakeStream) => void;
    getUserMedia.mockImplementationOnce(() => new Promise((resolve) => (grant = resolve)));
    const { result, onRecorded, onError } = renderRecorder();
    let starting!: Promise<void>;
    act(() => {
      starting = result.current.start();
    });
    act(() => result.current.cancel());
    const stream = fakeStream();
    await act(async () => {
      grant(stream);
      await starting;
    });
    expect(tracksStopped(stream)).toBe(true);
    expect(recorders).toHaveLength(0);
    expect(result.current.state).toBe('idle');
    expect(onRecorded).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('stays quiet when the microphone is refused after a cancel (the dialog already closed)', async () => {
    let refuse!: (error: unknown) => void;
    getUserMedia.mockImplementationOnce(() => new Promise((_resolve, reject) => (refuse = reject)));
    const { result, onError } = renderRecorder();
    let starting!: Promise<void>;
    act(() => {
      starting = result.current.start();
    });
    act(() => result.current.cancel());
    await act(async () => {
      refuse(new DOMException('Permission denied', 'NotAllowedError'));
      await starting;
    });
    expect(onError).not.toHaveBeenCalled();
    expect(result.current.state).toBe('idle');
  });

  it('reports a recorder that will not start, and lets the microphone go', async () => {
    const refused = new DOMException('Unsupported', 'NotSupportedError');
    const startSpy = vi.spyOn(FakeMediaRecorder.prototype, 'start').mockImplementationOnce(() => {
      throw refused;
    });
    const { result, start, onError, onRecorded } = renderRecorder();
    await start();
    expect(startSpy).toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(refused);
    expect(tracksStopped(streams[0]!)).toBe(true);
    expect(result.current.state).toBe('idle');
    // A second try is not blocked by the recorder that never ran.
    await start();
    expect(result.current.state).toBe('recording');
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it("ignores a cancelled recorder's late stop event once a new recording has started", async () => {
    ending = 'later';
    const { result, start, onRecorded } = renderRecorder();
    await start();
    const [first, firstStream] = [recorders[0]!, streams[0]!];
    act(() => first.chunk('old '));
    act(() => result.current.cancel());
    expect(first.stopCalls).toBe(1);
    expect(tracksStopped(firstStream)).toBe(true);

    await start();
    const [second, secondStream] = [recorders[1]!, streams[1]!];
    expect(result.current.state).toBe('recording');
    act(() => first.finish());
    expect(result.current.state).toBe('recording');
    expect(tracksStopped(secondStream)).toBe(false);
    expect(onRecorded).not.toHaveBeenCalled();
    // The second session's timers survive too.
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.elapsedMs).toBe(1_000);

    act(() => second.chunk('new '));
    act(() => result.current.stop());
    act(() => vi.advanceTimersByTime(RECORDER_STOP_DELAY_MS));
    act(() => second.finish());
    expect(onRecorded).toHaveBeenCalledTimes(1);
    expect(await onRecorded.mock.calls[0]![0].text()).toBe('new end');
    expect(tracksStopped(secondStream)).toBe(true);
    expect(result.current.state).toBe('idle');
  });

  it.each(['at once', 'later'] as const)('keeps nothing on cancel (stop event %s)', async (when) => {
    ending = when;
    const { result, start, onRecorded } = renderRecorder();
    await start();
    const recorder = recorders[0]!;
    act(() => recorder.chunk('discarded '));
    act(() => vi.advanceTimersByTime(3_000));
    act(() => result.current.cancel());
    expect(recorder.stopCalls).toBe(1);
    expect(tracksStopped(streams[0]!)).toBe(true);
    expect(result.current.state).toBe('idle');
    expect(result.current.elapsedMs).toBe(0);
    if (when === 'later') act(() => recorder.finish());
    act(() => vi.advanceTimersByTime(RECORDING_MAX_MS));
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it('keeps nothing and lets the microphone go when unmounted while recording', async () => {
    const { start, unmount, onRecorded } = renderRecorder();
    await start();
    unmount();
    expect(recorders[0]!.stopCalls).toBe(1);
    expect(tracksStopped(streams[0]!)).toBe(true);
    vi.runAllTimers();
    expect(onRecorded).not.toHaveBeenCalled();
  });
});

// @vitest-environment jsdom
// memories §2, §4, §8: 'Hear your voice' toggles between playing and paused; a recording that
// cannot play says 'Audio Playback Error' once; no recording says 'No Audio Available'.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../../../test/renderWithMantine';
import { MemoryAudioButton } from './MemoryAudioButton';

/** A scripted audio element: play() answers as each test decides. */
class ScriptedAudio {
  static made: ScriptedAudio[] = [];
  static playAnswer: () => Promise<void> = () => Promise.resolve();
  paused = true;
  onplaying: (() => void) | null = null;
  onpause: (() => void) | null = null;
  onended: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly src: string) {
    ScriptedAudio.made.push(this);
  }
  play() {
    return ScriptedAudio.playAnswer().then(() => {
      this.paused = false;
      this.onplaying?.();
    });
  }
  pause() {
    this.paused = true;
    this.onpause?.();
  }
}

beforeEach(() => {
  installBrowserStandIns();
  ScriptedAudio.made = [];
  ScriptedAudio.playAnswer = () => Promise.resolve();
  vi.stubGlobal('Audio', ScriptedAudio);
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
  vi.spyOn(toast, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the 'Hear your voice' control", () => {
  it('plays the recording from its /uploads address, then pauses it', async () => {
    renderWithMantine(<MemoryAudioButton audioUrl="/uploads/voice.webm" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Hear your voice' })));
    expect(ScriptedAudio.made[0]!.src).toBe('/uploads/voice.webm');
    const control = screen.getByRole('button', { name: 'Hear your voice' });
    expect(control.getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(control));
    expect(ScriptedAudio.made[0]!.paused).toBe(true);
    expect(control.getAttribute('aria-pressed')).toBe('false');
  });

  it("says 'Audio Playback Error' once when the recording cannot be played", async () => {
    ScriptedAudio.playAnswer = () => Promise.reject(new DOMException('no source', 'NotSupportedError'));
    renderWithMantine(<MemoryAudioButton audioUrl="/uploads/broken.webm" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Hear your voice' })));
    act(() => ScriptedAudio.made[0]!.onerror?.());
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith("Couldn't play this audio recording. Please try again later.", 'Audio Playback Error');
    expect(screen.getByRole('button', { name: 'Hear your voice' }).getAttribute('aria-pressed')).toBe('false');
  });

  it("shows where it is and the recording's length beside it when the server sent one, and seeks", () => {
    renderWithMantine(<MemoryAudioButton audioUrl="/uploads/voice.webm" duration={125} />);
    expect(screen.getByText('0:00 / 2:05')).toBeTruthy();
    const slider = screen.getByRole('slider', { name: "Position in this memory's recording" });
    fireEvent.change(slider, { target: { value: '63' } });
    expect((ScriptedAudio.made[0] as unknown as { currentTime: number }).currentTime).toBe(63);
    expect(screen.getByText('1:03 / 2:05')).toBeTruthy();
  });

  it("says 'No Audio Available' when the memory has no recording", () => {
    renderWithMantine(<MemoryAudioButton audioUrl={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Hear your voice' }));
    expect(toast.info).toHaveBeenCalledWith('No Audio Available', "This memory doesn't have an audio recording.");
    expect(ScriptedAudio.made).toHaveLength(0);
  });
});

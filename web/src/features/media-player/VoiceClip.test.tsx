// @vitest-environment jsdom
// Issue 9 "Voice": a recording played in place shows its length as m:ss (or just 'Voice' until
// known), names its control by what a press does, and only one recording sounds at a time.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { ScriptedAudio } from '../../test/scriptedAudio';
import { formatClipLength } from './useVoicePlayback';
import { VoiceClip } from './VoiceClip';
import { messages } from '../../../../common/messages';

const labels = { playLabel: 'Play voice recording', pauseLabel: 'Pause voice recording' };

beforeEach(() => {
  installBrowserStandIns();
  ScriptedAudio.reset();
  vi.stubGlobal('Audio', ScriptedAudio);
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('formatClipLength', () => {
  it('reads as m:ss, a short clip at least one second', () => {
    expect(formatClipLength(0.4)).toBe('0:01');
    expect(formatClipLength(7.2)).toBe('0:07');
    expect(formatClipLength(65)).toBe('1:05');
    expect(formatClipLength(600)).toBe('10:00');
  });
});

describe('a voice clip', () => {
  it('shows the stored length, plays from the /uploads address and pauses', async () => {
    renderWithMantine(<VoiceClip audioUrl="voice.webm" duration={7.2} {...labels} />);
    const clip = screen.getByTestId('voice-clip');
    expect(within(clip).getByText(messages.voiceBadge)).toBeTruthy();
    expect(within(clip).getByText('0:00 / 0:07')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.playVoiceRecording })));
    expect(ScriptedAudio.made).toHaveLength(1);
    expect(ScriptedAudio.made[0]!.src).toBe('/uploads/voice.webm');
    expect(ScriptedAudio.made[0]!.paused).toBe(false);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.pauseVoiceRecording })));
    expect(ScriptedAudio.made[0]!.paused).toBe(true);
    expect(screen.getByRole('button', { name: messages.playVoiceRecording })).toBeTruthy();
  });

  it("says just 'Voice' without a stored length, and the length once playing has taught it", async () => {
    renderWithMantine(<VoiceClip audioUrl="/uploads/old.webm" duration={null} {...labels} />);
    const clip = screen.getByTestId('voice-clip');
    expect(clip.textContent).toBe('Voice');
    expect(screen.queryByRole('slider')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.playVoiceRecording })));
    act(() => ScriptedAudio.made[0]!.learnDuration(83.4));
    expect(within(clip).getByText('0:00 / 1:23')).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Position in voice recording' })).toBeTruthy();
  });

  it('plays one recording at a time: starting another pauses the first', async () => {
    renderWithMantine(
      <>
        <div data-testid="first">
          <VoiceClip audioUrl="/uploads/a.webm" duration={3} {...labels} />
        </div>
        <div data-testid="second">
          <VoiceClip audioUrl="/uploads/b.webm" duration={4} {...labels} />
        </div>
      </>,
    );
    const first = within(screen.getByTestId('first'));
    const second = within(screen.getByTestId('second'));
    await act(async () => fireEvent.click(first.getByRole('button', { name: messages.playVoiceRecording })));
    await act(async () => fireEvent.click(second.getByRole('button', { name: messages.playVoiceRecording })));
    const [a, b] = ScriptedAudio.made;
    expect(a!.paused).toBe(true);
    expect(b!.paused).toBe(false);
    expect(first.getByRole('button', { name: messages.playVoiceRecording })).toBeTruthy();
    expect(second.getByRole('button', { name: messages.pauseVoiceRecording })).toBeTruthy();
  });

  it("says 'Audio Playback Error' with its own detail when the recording cannot play", async () => {
    ScriptedAudio.playAnswer = () => Promise.reject(new DOMException('gone', 'NotSupportedError'));
    renderWithMantine(<VoiceClip audioUrl="/uploads/gone.webm" duration={2} {...labels} errorDetail="Couldn't play this spoken answer. Please try again later." />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.playVoiceRecording })));
    expect(toast.error).toHaveBeenCalledWith("Couldn't play this spoken answer. Please try again later.", 'Audio Playback Error');
    expect(screen.getByRole('button', { name: messages.playVoiceRecording })).toBeTruthy();
  });
});

describe('seeking a voice clip (issue 20)', () => {
  const clipAt = (duration: number | null) =>
    renderWithMantine(<VoiceClip audioUrl="/uploads/answer.webm" duration={duration} {...labels} what="spoken answer" />);
  const player = () => ScriptedAudio.made[0]!;

  it("names its slider 'Position in {what}', says where it is of how long, and sets currentTime where it is put", () => {
    clipAt(63);
    const slider = screen.getByRole('slider', { name: 'Position in spoken answer' });
    expect(slider.getAttribute('aria-valuetext')).toBe('0:00 of 1:03');
    fireEvent.change(slider, { target: { value: '12.5' } });
    expect(player().currentTime).toBe(12.5);
    expect(player().paused).toBe(true);
    expect(screen.getByTestId('voice-clip').textContent).toBe('Voice0:12 / 1:03');
    expect(slider.getAttribute('aria-valuetext')).toBe('0:12 of 1:03');
  });

  it('reads the length at the end, though the length is rounded up and the position counts whole seconds', () => {
    clipAt(2.52);
    const slider = screen.getByRole('slider', { name: 'Position in spoken answer' });
    fireEvent.change(slider, { target: { value: '2.4' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('0:02 of 0:03');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider.getAttribute('aria-valuetext')).toBe('0:03 of 0:03');
    expect(screen.getByTestId('voice-clip').textContent).toBe('Voice0:03 / 0:03');
  });

  it('steps 5 s with the arrow keys, stops at either end, and goes there with Home and End', () => {
    clipAt(63);
    const slider = screen.getByRole('slider', { name: 'Position in spoken answer' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(player().currentTime).toBe(5);
    fireEvent.keyDown(slider, { key: 'ArrowUp' });
    expect(player().currentTime).toBe(10);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(player().currentTime).toBe(5);
    fireEvent.keyDown(slider, { key: 'ArrowDown' });
    fireEvent.keyDown(slider, { key: 'ArrowDown' });
    expect(player().currentTime).toBe(0);
    fireEvent.keyDown(slider, { key: 'End' });
    expect(player().currentTime).toBe(63);
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(player().currentTime).toBe(63);
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(player().currentTime).toBe(0);
  });

  it('follows playback as it goes', async () => {
    clipAt(63);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.playVoiceRecording })));
    act(() => player().reach(42.7));
    expect(screen.getByTestId('voice-clip').textContent).toBe('Voice0:42 / 1:03');
    expect((screen.getByRole('slider') as HTMLInputElement).value).toBe('42.7');
  });

  it("learns a WebM's length the browser reports as Infinity from a silent second element, without moving the player", async () => {
    clipAt(null);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.playVoiceRecording })));
    const [audio, probe] = ScriptedAudio.made;
    expect(probe!.src).toBe('/uploads/answer.webm');
    expect(probe!.muted).toBe(true);
    act(() => probe!.loadMetadata());
    expect(probe!.currentTime).toBeGreaterThan(1e9); // past the end: the browser reads to it
    act(() => probe!.learnDuration(71.2));
    expect(probe!.removed).toBe(true);
    expect(audio!.currentTime).toBe(0);
    expect(audio!.paused).toBe(false);
    expect(screen.getByTestId('voice-clip').textContent).toBe('Voice0:00 / 1:11');
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Position in spoken answer' }), { key: 'ArrowRight' });
    expect(audio!.currentTime).toBe(5);
  });

  it('asks no second element when the server gave the length', async () => {
    clipAt(9);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.playVoiceRecording })));
    expect(ScriptedAudio.made).toHaveLength(1);
  });
});

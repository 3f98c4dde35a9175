// A scripted stand-in for the browser's Audio element (jsdom plays nothing): play() answers as
// each test decides, and a test can say the length is now known, as the browser would.
export class ScriptedAudio {
  static made: ScriptedAudio[] = [];
  static playAnswer: () => Promise<void> = () => Promise.resolve();
  static reset() {
    ScriptedAudio.made = [];
    ScriptedAudio.playAnswer = () => Promise.resolve();
  }
  paused = true;
  duration = Number.POSITIVE_INFINITY;
  currentTime = 0;
  preload = 'auto';
  muted = false;
  onloadedmetadata: (() => void) | null = null;
  ontimeupdate: (() => void) | null = null;
  onplaying: (() => void) | null = null;
  onpause: (() => void) | null = null;
  onended: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ondurationchange: (() => void) | null = null;
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
    if (this.paused) return;
    this.paused = true;
    this.onpause?.();
  }
  /** The browser has read the header (a MediaRecorder WebM's says no length: Infinity). */
  loadMetadata() {
    this.onloadedmetadata?.();
  }
  /** Playback has reached `seconds`. */
  reach(seconds: number) {
    this.currentTime = seconds;
    this.ontimeupdate?.();
  }
  removeAttribute(name: string) {
    if (name === 'src') this.removed = true;
  }
  removed = false;
  /** The browser has learnt the recording's length. */
  learnDuration(seconds: number) {
    this.duration = seconds;
    this.ondurationchange?.();
  }
}

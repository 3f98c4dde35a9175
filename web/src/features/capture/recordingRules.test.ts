import { describe, expect, it } from 'vitest';
import { recordingFileName, typedQuestionLength } from './recordingRules';

describe('typed follow-up question (memories §4, §9)', () => {
  const question = 'Who was with you that day?';

  it('shows nothing for the first 300 ms', () => {
    expect(typedQuestionLength(0, question.length)).toBe(0);
    expect(typedQuestionLength(300, question.length)).toBe(0);
    expect(typedQuestionLength(324, question.length)).toBe(0);
  });

  it('then adds one character every 25 ms until the whole question shows', () => {
    expect(typedQuestionLength(325, question.length)).toBe(1);
    expect(typedQuestionLength(300 + 10 * 25, question.length)).toBe(10);
    expect(typedQuestionLength(300 + question.length * 25, question.length)).toBe(question.length);
    expect(typedQuestionLength(60_000, question.length)).toBe(question.length);
  });
});

describe('recording file name', () => {
  it('names the requested audio/webm recording .webm and a browser MP4 recording .m4a', () => {
    expect(recordingFileName('audio/webm;codecs=opus')).toBe('recording.webm');
    expect(recordingFileName('')).toBe('recording.webm');
    expect(recordingFileName('audio/mp4')).toBe('recording.m4a');
    expect(recordingFileName('video/mp4')).toBe('recording.m4a');
    expect(recordingFileName('audio/wav')).toBe('recording.wav');
    expect(recordingFileName('audio/ogg; codecs=opus')).toBe('recording.ogg');
  });
});

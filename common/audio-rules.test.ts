// issue 26: what each browser's MediaRecorder calls its recording, and the name our forms send
// it under (speech-to-text services read the format from the name). Safari's MP4 comes as
// 'audio/mp4', older Safari's 'video/mp4', or either with its codecs.
import { describe, expect, it } from 'vitest';
import { audioTypeOf, recordingFileName } from './audio-rules.js';

describe("a recording's type and name", () => {
  it.each([
    ['audio/mp4', 'audio/mp4', 'recording.m4a'],
    ['audio/mp4;codecs=mp4a.40.2', 'audio/mp4', 'recording.m4a'],
    ['audio/mp4; codecs="mp4a.40.2"', 'audio/mp4', 'recording.m4a'],
    ['video/mp4', 'audio/mp4', 'recording.m4a'],
    ['video/mp4;codecs=avc1.42000a,mp4a.40.2', 'audio/mp4', 'recording.m4a'],
    ['AUDIO/MP4', 'audio/mp4', 'recording.m4a'],
    ['audio/webm;codecs=opus', 'audio/webm', 'recording.webm'],
    ['audio/ogg; codecs=opus', 'audio/ogg', 'recording.ogg'],
    ['audio/wav', 'audio/wav', 'recording.wav'],
  ])('knows %s as %s, sent as %s', (declared, type, name) => {
    expect(audioTypeOf(declared)).toBe(type);
    expect(recordingFileName(declared)).toBe(name);
  });

  // A recorder that says nothing is named as we asked (audio/webm); the server reads the bytes anyway.
  it.each(['', 'application/octet-stream', 'audio/x-unknown'])('names %j as the WebM we asked for', (declared) => {
    expect(audioTypeOf(declared)).toBeNull();
    expect(recordingFileName(declared)).toBe('recording.webm');
  });
});

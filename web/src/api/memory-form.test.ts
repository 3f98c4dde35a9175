// issue 20 "Who sees a memory": the creation form carries the audience beside sharedWith, as a
// text field before any file; without one (older callers) the server reads it off the list.
import { describe, expect, it } from 'vitest';
import { memoryForm, type MemoryFormInput } from './memory-form';

const input: MemoryFormInput = {
  title: 'First snow',
  content: 'The garden went white.',
  transcription: '',
  sharedWith: [],
  timelineIds: ['t1'],
  images: [new File([new Uint8Array([1, 2, 3])], 'snow.png', { type: 'image/png' })],
  audio: null,
  audioDuration: null,
  followUps: [],
  directVideos: [],
};

describe('the memory creation form and its audience', () => {
  it('sends audience right after sharedWith, before the first file', () => {
    const form = memoryForm({ ...input, audience: 'timeline' });
    expect(form.get('audience')).toBe('timeline');
    expect([...form.keys()]).toEqual(['title', 'content', 'transcription', 'sharedWith', 'audience', 'timelineIds', 'images']);
  });

  it('sends no audience field when none is given', () => {
    expect(memoryForm(input).has('audience')).toBe(false);
  });
});

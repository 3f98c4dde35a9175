import { describe, expect, it } from 'vitest';
import {
  canRestoreImage,
  chooseImages,
  chooseVideos,
  dateOnDay,
  draftOf,
  hasMediaChanges,
  normalizeTags,
  timelinesChanged,
  updateForm,
} from './editRules';
import { memoryWith } from './test-support';

const file = (name: string, size = 10) => {
  const made = new File([new Uint8Array(1)], name);
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe('the edit view rules', () => {
  it('counts existing images with new ones and drops files beyond 3', () => {
    const memory = memoryWith(2, 0);
    const choice = chooseImages(memory, draftOf(memory), [file('a.jpg'), file('b.jpg')]);
    expect(choice.accepted.map((chosen) => chosen.name)).toEqual(['a.jpg']);
    expect(choice.dropped).toBe(1);
  });

  it('gives back the room of an image marked for deletion, and refuses an Undo past 3', () => {
    const memory = memoryWith(3, 0);
    const draft = { ...draftOf(memory), imageIdsToDelete: ['i0'] };
    expect(chooseImages(memory, draft, [file('a.jpg')]).accepted).toHaveLength(1);
    expect(canRestoreImage(memory, draft)).toBe(true);
    expect(canRestoreImage(memory, { ...draft, newImages: [file('a.jpg')] })).toBe(false);
  });

  it('rejects the whole video selection when any video is over 250 MB', () => {
    const memory = memoryWith(0, 0);
    const choice = chooseVideos(memory, draftOf(memory), [file('small.mp4'), file('big.mp4', 250 * 1024 * 1024 + 1)]);
    expect(choice).toEqual({ tooLarge: true });
    const exactly = chooseVideos(memory, draftOf(memory), [file('edge.mp4', 250 * 1024 * 1024)]);
    expect(exactly.tooLarge).toBe(false);
  });

  it('allows 2 videos when editing and drops the rest', () => {
    const memory = memoryWith(0, 1);
    const choice = chooseVideos(memory, draftOf(memory), [file('a.mp4'), file('b.mp4')]);
    expect(choice.tooLarge === false && choice.accepted.map((chosen) => chosen.name)).toEqual(['a.mp4']);
    expect(choice.tooLarge === false && choice.dropped).toBe(1);
  });

  it('trims tags and ignores duplicates', () => {
    expect(normalizeTags([' beach ', 'beach', '', '  ', 'summer'])).toEqual(['beach', 'summer']);
  });

  it('sees a timeline change only when the set differs', () => {
    expect(timelinesChanged(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(timelinesChanged(['a'], ['a', 'b'])).toBe(true);
    expect(timelinesChanged(['a', 'b'], ['a', 'c'])).toBe(true);
  });

  it('keeps the time of day on a new date, and never goes past now', () => {
    const previous = new Date(2024, 0, 5, 15, 30).toISOString();
    expect(new Date(dateOnDay('2023-07-01', previous)).getTime()).toBe(new Date(2023, 6, 1, 15, 30).getTime());
    const now = new Date(2024, 5, 1, 9, 0);
    expect(dateOnDay('2024-06-01', previous, now)).toBe(now.toISOString());
  });

  it('uses the multipart form only for media changes, with the text fields before the files', () => {
    const memory = memoryWith(1, 0);
    const draft = { ...draftOf(memory), imageIdsToDelete: ['i0'], newImages: [file('new.jpg')], tags: ['winter', ' snow '] };
    expect(hasMediaChanges(draftOf(memory))).toBe(false);
    expect(hasMediaChanges(draft)).toBe(true);
    const form = updateForm(draft);
    expect([...form.keys()]).toEqual(['title', 'content', 'transcription', 'tags', 'createdAt', 'imageIdsToDelete', 'videoIdsToDelete', 'imagePathsToDelete', 'images']);
    expect(form.get('tags')).toBe('["winter","snow"]');
    expect(form.get('imageIdsToDelete')).toBe('["i0"]');
  });
});

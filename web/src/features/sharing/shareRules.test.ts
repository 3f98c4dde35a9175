import { describe, expect, it } from 'vitest';
import { audienceOf, audienceWords, initialSelection, mergeMembers, shareButtonLabel, userIdsToSend } from './shareRules';

const ada = { id: 'ada', name: 'Ada' };
const bob = { id: 'bob', name: 'Bob' };
const cy = { id: 'cy', name: 'Cy' };

describe('the Share Memory dialog rules', () => {
  it('merges the members of every timeline once each, without the current user', () => {
    expect(mergeMembers([[ada, bob], [bob, cy], undefined], 'ada')).toEqual([bob, cy]);
  });

  it('starts from the memory sharedWith list without the current user', () => {
    expect(initialSelection(['ada', 'bob', 'bob'], 'ada')).toEqual(['bob']);
  });

  it("labels the button 'Share with All Timeline Members', 'Make Memory Private' or 'Update Sharing Settings'", () => {
    expect(shareButtonLabel(audienceOf(2, 2))).toBe('Share with All Timeline Members');
    expect(shareButtonLabel(audienceOf(0, 2))).toBe('Make Memory Private');
    expect(shareButtonLabel(audienceOf(1, 2))).toBe('Update Sharing Settings');
    // Nobody else listed yet: the box says whether those who join will see it (issue 20).
    expect(shareButtonLabel(audienceOf(0, 0))).toBe('Share with All Timeline Members');
    expect(shareButtonLabel(audienceOf(0, 0, false))).toBe('Make Memory Private');
  });

  it('always sends the current user, and only members the dialog offered', () => {
    expect(userIdsToSend(['bob', 'gone'], [bob, cy], 'ada')).toEqual(['ada', 'bob']);
    expect(userIdsToSend([], [bob, cy], 'ada')).toEqual(['ada']);
  });

  it('asks for the timeline when every listed member is chosen, also while nobody else is listed', () => {
    expect(audienceOf(2, 2)).toBe('timeline');
    expect(audienceOf(0, 0)).toBe('timeline');
    expect(audienceOf(0, 0, false)).toBe('private');
    expect(audienceOf(1, 2)).toBe('people');
    expect(audienceOf(0, 2)).toBe('private');
  });

  it('says who will see the memory in words', () => {
    expect(audienceWords('timeline', ['Our Family'], [])).toBe('Everyone on Our Family, including people who join later');
    expect(audienceWords('timeline', ['Smiths', 'Joneses'], [])).toBe('Everyone on Smiths and Joneses, including people who join later');
    expect(audienceWords('timeline', ['A', 'B', 'C'], [])).toBe('Everyone on A, B and C, including people who join later');
    expect(audienceWords('people', ['Our Family'], [{ name: 'Bob' }])).toBe('Only you and Bob');
    expect(audienceWords('people', ['Our Family'], [{ name: 'Bob' }, { name: 'Cy' }])).toBe('Only you and the 2 people you chose');
    expect(audienceWords('private', ['Our Family'], [])).toBe('Only you');
  });
});

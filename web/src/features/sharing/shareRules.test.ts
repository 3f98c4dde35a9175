import { describe, expect, it } from 'vitest';
import { initialSelection, mergeMembers, shareButtonLabel, userIdsToSend } from './shareRules';

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
    expect(shareButtonLabel(2, 2)).toBe('Share with All Timeline Members');
    expect(shareButtonLabel(0, 2)).toBe('Make Memory Private');
    expect(shareButtonLabel(1, 2)).toBe('Update Sharing Settings');
    // Nobody to share with: pressing it keeps the memory private.
    expect(shareButtonLabel(0, 0)).toBe('Make Memory Private');
  });

  it('always sends the current user, and only members the dialog offered', () => {
    expect(userIdsToSend(['bob', 'gone'], [bob, cy], 'ada')).toEqual(['ada', 'bob']);
    expect(userIdsToSend([], [bob, cy], 'ada')).toEqual(['ada']);
  });
});

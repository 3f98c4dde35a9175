// @vitest-environment jsdom
// issue 20 "Who sees a memory": the wizard's sharing step says, under the choice, who will see
// the memory (16 px, announced politely as it changes), and the audience it sends follows.
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../../common/messages';
import type { Member } from '../../../../common/timelines';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import type { SharingMode } from './draft';
import { SharingStep, wizardAudience, type UnlistedChoice } from './SharingStep';

const person = (id: string, displayName: string): Member => ({ id, displayName, firstName: null, lastName: null, email: `${id}@example.org`, profileImageUrl: null, isStoryteller: false });
const bea = person('bea', 'Bea Bennett');
const cy = person('cy', 'Cy Carter');

function step(mode: SharingMode, members: Member[], selected: string[], timelineNames = ['Our Family'], unlisted?: UnlistedChoice) {
  const noop = () => undefined;
  return (
    <MemoryRouter>
      <SharingStep
        mode={mode}
        onModeChange={noop}
        members={members}
        membersLoading={false}
        membersUnlisted={unlisted}
        timelineNames={timelineNames}
        selected={selected}
        onSelectedChange={noop}
        onSelectAll={noop}
        onInvite={noop}
        onBack={noop}
        onSave={noop}
        saving={null}
      />
    </MemoryRouter>
  );
}

const words = () => screen.getByRole('status');

beforeEach(() => installBrowserStandIns());
afterEach(() => cleanup());

describe("the wizard's sharing step", () => {
  it('says everyone on the timelines, including those who join later, when all are ticked', () => {
    renderWithMantine(step('timeline', [bea, cy], ['bea', 'cy'], ['Smiths', 'Joneses']));
    expect(words().textContent).toBe('Everyone on Smiths and Joneses, including people who join later');
    expect(words().getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText(messages.sharingSelectiveDescription)).toBeTruthy();
  });

  it('says it honestly while nobody else is on the timeline yet', () => {
    renderWithMantine(step('timeline', [], []));
    expect(words().textContent).toBe('Everyone on Our Family, including people who join later');
    expect(screen.getByText(messages.sharingSelectiveAloneDescription)).toBeTruthy();
    expect(screen.getByText(messages.sharingNobodyElseYet)).toBeTruthy();
  });

  it('says the people cannot be listed, not that nobody is there, when their list could not be read (offline)', () => {
    const view = renderWithMantine(step('timeline', [], [], ['Our Family'], { chosenByHand: false }));
    expect(screen.getByText(messages.sharingMembersUnavailable)).toBeTruthy();
    expect(screen.queryByText(messages.sharingNobodyElseYet)).toBeNull();
    expect(screen.queryByText(messages.sharingSelectiveAloneDescription)).toBeNull();
    expect(words().textContent).toBe('Everyone on Our Family, including people who join later');
    // Ticked by hand before the list was lost: those people, unnamed, or nobody.
    view.rerender(step('timeline', [], ['bea'], ['Our Family'], { chosenByHand: true }));
    expect(words().textContent).toBe(messages.audienceChosenUnlisted);
    view.rerender(step('timeline', [], [], ['Our Family'], { chosenByHand: true }));
    expect(words().textContent).toBe('Only you');
    // One timeline's people known, another's not: none is offered to tick, Select All neither.
    view.rerender(step('timeline', [bea], [], ['Our Family', 'Garden Club'], { chosenByHand: false }));
    expect(screen.queryByRole('checkbox', { name: 'Bea Bennett' })).toBeNull();
    expect(screen.getByRole('button', { name: messages.selectAll }).hasAttribute('disabled')).toBe(true);
  });

  it('names the one person chosen, counts several, and says Only you for Private', () => {
    const view = renderWithMantine(step('timeline', [bea, cy], ['cy']));
    expect(words().textContent).toBe('Only you and Cy Carter');
    view.rerender(step('timeline', [bea, cy, person('dee', 'Dee Dale')], ['bea', 'cy']));
    expect(words().textContent).toBe('Only you and the 2 people you chose');
    view.rerender(step('private', [bea, cy], ['bea', 'cy']));
    expect(words().textContent).toBe('Only you');
  });

  it('sends private for Private, timeline for all or nobody else there, people for some', () => {
    expect(wizardAudience('private', ['bea', 'cy'], [bea, cy])).toBe('private');
    expect(wizardAudience('timeline', ['bea', 'cy'], [bea, cy])).toBe('timeline');
    expect(wizardAudience('timeline', [], [])).toBe('timeline');
    expect(wizardAudience('timeline', ['bea'], [bea, cy])).toBe('people');
    expect(wizardAudience('timeline', [], [bea, cy])).toBe('private');
    // Someone ticked before they left the list counts for nothing.
    expect(wizardAudience('timeline', ['gone', 'bea', 'cy'], [bea, cy])).toBe('timeline');
    // The list unread (offline): the untouched default is the timelines; a choice made by hand
    // stays those people, or nobody, never widened to the timelines.
    expect(wizardAudience('timeline', [], [], { chosenByHand: false })).toBe('timeline');
    expect(wizardAudience('timeline', ['bea'], [], { chosenByHand: true })).toBe('people');
    expect(wizardAudience('timeline', [], [], { chosenByHand: true })).toBe('private');
    expect(wizardAudience('private', [], [], { chosenByHand: false })).toBe('private');
  });
});

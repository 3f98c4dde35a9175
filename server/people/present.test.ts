// The person card never shows a reserved address: a storyteller's sign-in name, or the one an
// import (issue 25) gives a person whose archive held none.
import { describe, expect, it } from 'vitest';
import { presentMember } from './present.js';
import { reservedEmailOf } from './reserved-address.js';

const person = { id: 'p1', display_name: 'Rose', first_name: null, last_name: null, profile_image_key: null };

describe('presentMember', () => {
  it("shows a member's own address", () => {
    expect(presentMember({ ...person, email: 'rose@example.org', is_storyteller: 0 }).email).toBe('rose@example.org');
  });

  it("hides a storyteller's reserved sign-in name", () => {
    expect(presentMember({ ...person, email: reservedEmailOf('p1'), is_storyteller: 1 }).email).toBe('');
  });

  it('hides the reserved address an import gave a person who came with none', () => {
    expect(presentMember({ ...person, email: reservedEmailOf('p1'), is_storyteller: 0 }).email).toBe('');
    expect(presentMember({ ...person, email: 'P1@Storytellers.Invalid', is_storyteller: 0 }).email).toBe('');
  });
});

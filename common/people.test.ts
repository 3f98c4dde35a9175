import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './auth.js';
import { displayNameOf, initialsOf } from './people.js';

describe('displayNameOf (accounts §2)', () => {
  it('prefers displayName, then first plus last name, then e-mail, then the fallback', () => {
    expect(displayNameOf({ displayName: ' Grandma Jo ', firstName: 'Josephine', email: 'jo@example.org' })).toBe('Grandma Jo');
    expect(displayNameOf({ displayName: '  ', firstName: 'Josephine', lastName: 'March' })).toBe('Josephine March');
    expect(displayNameOf({ firstName: 'Josephine' })).toBe('Josephine');
    expect(displayNameOf({ email: 'jo@example.org' })).toBe('jo@example.org');
    expect(displayNameOf({})).toBe('Unknown User');
    expect(displayNameOf(null, 'User')).toBe('User');
  });
});

describe('initialsOf', () => {
  it('gives up to two letters, upper-cased, or "U" for no name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Ada King Lovelace')).toBe('AK');
    expect(initialsOf('grace')).toBe('GR');
    expect(initialsOf('')).toBe('U');
    expect(initialsOf(undefined)).toBe('U');
  });
});

describe('safeReturnTo', () => {
  it('keeps same-origin paths and turns everything else into "/"', () => {
    expect(safeReturnTo('/timeline?memoryId=1')).toBe('/timeline?memoryId=1');
    expect(safeReturnTo('//evil.example/x')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
    expect(safeReturnTo('https://evil.example')).toBe('/');
    expect(safeReturnTo('/ok\nSet-Cookie: x')).toBe('/');
    expect(safeReturnTo(undefined)).toBe('/');
  });
});

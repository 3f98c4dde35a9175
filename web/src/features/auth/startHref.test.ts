// Issue 20: the welcome page's "Sign In to Get Started" leads a newcomer to creating an account,
// through single sign-on when the server has it.
import { describe, expect, it } from 'vitest';
import { startHref } from './startHref';

describe('startHref', () => {
  it('leads to the sign-up form while anyone may register, carrying the address', () => {
    expect(startHref({ password: true, oidc: null, registration: 'open' }, '/')).toBe('/signup');
    expect(startHref({ password: true, oidc: null, registration: 'open' }, '/timeline?memoryId=42')).toBe('/signup?returnTo=%2Ftimeline%3FmemoryId%3D42');
  });
  it('leads to the login endpoint, which starts single sign-on, when SSO is configured', () => {
    expect(startHref({ password: true, oidc: { name: 'Acme' }, registration: 'open' }, '/extras')).toBe('/api/login?returnTo=%2Fextras');
  });
  it('leads to the sign-in form when sign-up needs an invite or is closed', () => {
    expect(startHref({ password: true, oidc: null, registration: 'invite' }, '/')).toBe('/login');
    expect(startHref({ password: true, oidc: null, registration: 'closed' }, '/family')).toBe('/login?returnTo=%2Ffamily');
  });
  it('leaves the choice to the server until the providers are known', () => {
    expect(startHref(undefined, '/')).toBe('/api/login?returnTo=%2F');
  });
});

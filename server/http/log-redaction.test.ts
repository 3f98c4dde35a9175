// Links that are credentials never reach the log whole: a storyteller's (DESIGN "Storytellers
// (no account)") and a password reset's (issue 23), in the page's address and the API's.
import { describe, expect, it } from 'vitest';
import { redactedUrl } from './log-redaction.js';

describe('redactedUrl', () => {
  it.each([
    ['/tell/abc123', '/tell/[token]'],
    ['/api/tell/abc123/memories', '/api/tell/[token]/memories'],
    ['/reset-password/abc123?x=1', '/reset-password/[token]?x=1'],
    ['/api/auth/password-reset/abc123', '/api/auth/password-reset/[token]'],
    ['/api/auth/password-reset', '/api/auth/password-reset'],
    ['/mail/unsubscribe/user.signature', '/mail/unsubscribe/[token]'],
    ['/api/mail/unsubscribe/user.signature', '/api/mail/unsubscribe/[token]'],
    ['/api/memories/abc123', '/api/memories/abc123'],
  ])('writes %s as %s', (url, logged) => {
    expect(redactedUrl(url)).toBe(logged);
  });
});

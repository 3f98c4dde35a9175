// A storyteller's link (DESIGN "Storytellers (no account)"): 256 random bits, found by their
// SHA-256, sealed under SESSION_SECRET so the family can show it again and nobody else can.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../sealing.js';
import { hashOfToken, isTokenShaped, issueLink, linkUrl, unsealToken } from './link.js';

describe("a storyteller's link", () => {
  const secret = 'a'.repeat(64);

  it('carries 256 random bits in base64url, stored as its SHA-256 and sealed, never as it is', () => {
    const link = issueLink(secret);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    expect(isTokenShaped(link.token)).toBe(true);
    expect(link.hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(hashOfToken(link.token)).toBe(link.hash);
    expect(link.sealed).not.toContain(link.token);
    expect(unsealToken(secret, link.sealed)).toBe(link.token);
    expect(issueLink(secret).token).not.toBe(link.token);
  });

  it('opens nothing sealed under another secret, for another purpose, or tampered with', () => {
    const link = issueLink(secret);
    expect(unsealToken('b'.repeat(64), link.sealed)).toBeNull();
    expect(unseal(secret, 'another purpose', link.sealed)).toBeNull();
    const bytes = Buffer.from(link.sealed, 'base64url');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    expect(unsealToken(secret, bytes.toString('base64url'))).toBeNull();
    expect(unsealToken(secret, 'short')).toBeNull();
    expect(unseal(secret, 'a purpose', seal(secret, 'a purpose', 'x'))).toBe('x');
  });

  it('lives at PUBLIC_URL/tell/{token}, under whatever path PUBLIC_URL has', () => {
    expect(linkUrl(new URL('https://family.example'), 'abc')).toBe('https://family.example/tell/abc');
    expect(linkUrl(new URL('https://family.example/heirloom'), 'abc')).toBe('https://family.example/heirloom/tell/abc');
    expect(linkUrl(new URL('https://family.example/heirloom/'), 'abc')).toBe('https://family.example/heirloom/tell/abc');
  });
});

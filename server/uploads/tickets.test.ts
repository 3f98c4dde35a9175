import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newMediaKey } from '../providers/storage/index.js';
import { parseTicket, signTicket, ticketHolds } from './tickets.js';

const secret = 'a'.repeat(43);
const userId = randomUUID();
const expiresAt = new Date(Date.UTC(2030, 0, 1, 12, 0, 0));
const before = new Date(expiresAt.getTime() - 1000);

describe('direct-upload tickets', () => {
  it.each(['mp4', 'webm', 'mov'])('fit in one path parameter (Fastify: 100 characters) and name the key back (.%s)', (extension) => {
    const key = newMediaKey('videos', extension);
    const token = signTicket(secret, userId, { key, expiresAt });
    expect(token.length).toBeLessThanOrEqual(100);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    const ticket = parseTicket(token)!;
    expect(ticket).toMatchObject({ key, expiresAt });
    expect(ticketHolds(secret, ticket, userId, before)).toBe(true);
  });

  it('holds only for its uploader, its secret and until it expires', () => {
    const ticket = parseTicket(signTicket(secret, userId, { key: newMediaKey('videos', 'mp4'), expiresAt }))!;
    expect(ticketHolds(secret, ticket, randomUUID(), before)).toBe(false);
    expect(ticketHolds('b'.repeat(43), ticket, userId, before)).toBe(false);
    expect(ticketHolds(secret, ticket, userId, expiresAt)).toBe(false);
  });

  it('does not hold once its key or expiry is changed', () => {
    const token = signTicket(secret, userId, { key: newMediaKey('videos', 'mp4'), expiresAt });
    const [payload, mac] = token.split('.') as [string, string];
    const bytes = Buffer.from(payload, 'base64url');
    bytes[17] = bytes[17]! ^ 1; // the expiry
    const later = parseTicket(`${bytes.toString('base64url')}.${mac}`)!;
    expect(later.expiresAt).not.toEqual(expiresAt);
    expect(ticketHolds(secret, later, userId, before)).toBe(false);
    const other = signTicket(secret, userId, { key: newMediaKey('videos', 'mp4'), expiresAt }).split('.')[0];
    expect(ticketHolds(secret, parseTicket(`${other}.${mac}`)!, userId, before)).toBe(false);
  });

  it.each(['', '.', 'abc', 'abc.def', 'a.b.c', `${'A'.repeat(80)}.${'A'.repeat(43)}`, 'videos/x.mp4', '../../etc.passwd'])('reads %j as no ticket', (token) => {
    const ticket = parseTicket(token);
    expect(ticket === null || !ticketHolds(secret, ticket, userId, before)).toBe(true);
  });
});

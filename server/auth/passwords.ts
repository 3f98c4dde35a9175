// Password hashing and policy (DESIGN "Security and durability").
import { hash, verify } from '@node-rs/argon2';
import { messages } from '../../common/messages.js';
import { badRequest } from '../http/errors.js';
import { commonPasswords } from './common-passwords.js';

// argon2id (the library's default algorithm) with OWASP's m=19 MiB, t=2, p=1.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown email, or an account that
 * only signs in through SSO) it still verifies against a dummy, so the answer takes about
 * as long either way and reveals nothing about which emails have accounts.
 */
export async function passwordMatches(password: string, storedHash: string | null | undefined): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('heirloom-dummy-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** Refuses passwords on the common-password list; length is checked by the schema. */
export function assertPasswordAllowed(password: string): void {
  if (commonPasswords.has(password.toLowerCase())) throw badRequest(messages.passwordTooCommon);
}

// A storyteller's sign-in e-mail (migration 0016): users.email is the unique sign-in name, so
// a storyteller holds an address no one can own (RFC 2606 reserves `.invalid`), and sign-up
// and SSO refuse the domain, so no one can take it, nor sign in as a storyteller.
const RESERVED_DOMAIN = 'storytellers.invalid';

export const reservedEmailOf = (userId: string): string => `${userId}@${RESERVED_DOMAIN}`;

export const isReservedEmail = (email: string): boolean => email.trim().toLowerCase().endsWith(`@${RESERVED_DOMAIN}`);

// A storyteller's sign-in e-mail (migration 0016): users.email is the unique sign-in name, so
// a storyteller holds an address no one can own (RFC 2606 reserves `.invalid`), and sign-up
// and SSO refuse the domain, so no one can take it, nor sign in as a storyteller. An import
// (issue 25) gives one to a person whose archive held no address. Here, beside the person
// card, since a card never shows one.
const RESERVED_DOMAIN = 'storytellers.invalid';

export const reservedEmailOf = (userId: string): string => `${userId}@${RESERVED_DOMAIN}`;

export const isReservedEmail = (email: string): boolean => email.trim().toLowerCase().endsWith(`@${RESERVED_DOMAIN}`);

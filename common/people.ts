// Pure naming rules for people, shared by every screen that shows a user.

export interface PersonName {
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/**
 * accounts §2 (Communities): displayName, else first plus last name, else e-mail,
 * else "Unknown User". memories §3 uses "User" as its last resort, hence `fallback`.
 */
export function displayNameOf(person: PersonName | null | undefined, fallback = 'Unknown User'): string {
  if (!person) return fallback;
  const displayName = person.displayName?.trim();
  if (displayName) return displayName;
  const fullName = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  if (fullName) return fullName;
  const email = person.email?.trim();
  if (email) return email;
  return fallback;
}

/** accounts §9 and memories §3: first two letters upper-cased, or "U" when there is no name. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'U';
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : words[0]!.slice(0, 2);
  return letters.toUpperCase();
}

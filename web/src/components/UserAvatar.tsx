import { Avatar, type AvatarProps } from '@mantine/core';
import { displayNameOf, initialsOf, type PersonName } from '../../../common/people';
import { messages } from '../../../common/messages';

/** accounts §2: the picture when there is one, else up to two initials. */
export function UserAvatar({ person, ...props }: { person: (PersonName & { profileImageUrl?: string | null }) | null } & AvatarProps) {
  const name = displayNameOf(person, messages.unnamedUser);
  return (
    <Avatar src={person?.profileImageUrl ?? undefined} alt={name} color="violet" radius="xl" {...props}>
      {initialsOf(name)}
    </Avatar>
  );
}

import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';

/** accounts §4: signed in means the current-user call returned a user; no retry on failure. */
export function useCurrentUser() {
  const query = useQuery({ queryKey: queryKeys.currentUser, queryFn: api.auth.currentUser });
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
}

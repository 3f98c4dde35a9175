import { useSearchParams } from 'react-router';
import { safeReturnTo } from '../../../../common/auth';

/** Where to go after signing in: the returnTo query, kept to same-origin paths. */
export function useReturnTo(): string {
  const [params] = useSearchParams();
  return safeReturnTo(params.get('returnTo') ?? '/');
}

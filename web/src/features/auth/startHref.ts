import type { AuthProviders } from '../../../../common/auth';
import { navigation } from '../../api/endpoints';

/**
 * Issue 20: where the main button leads a visitor with no account. With single sign-on the
 * server's login endpoint starts it (the provider makes the account at first sign-in); else
 * the sign-up form while anyone may register; else the sign-in form (sign-up there needs an
 * invite link, and the invite pages offer it). Until the providers are known: the endpoint,
 * which decides between SSO and the sign-in form as before.
 */
export function startHref(providers: AuthProviders | undefined, returnTo: string): string {
  const query = returnTo === '/' ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  if (!providers || providers.oidc) return navigation.login(returnTo);
  return providers.registration === 'open' ? `/signup${query}` : `/login${query}`;
}

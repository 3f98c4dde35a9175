// The installed app's manifest (issue 26 "Installed"; DESIGN "Offline and installable"): on a
// phone's home screen the app carries the family's name, so a grandmother finds "Hill Family"
// beside her other apps, and anyone else finds "Heirloom".
import { messages } from '../../common/messages.js';
import { resolveSession } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { familyNameOf } from '../families/index.js';

/** The app's colours: the dark theme's background (web/src/theme.ts), the app's default scheme. */
const BACKGROUND = '#1a1b1e';
/** A home-screen label shows about 12 characters before it is cut. */
const SHORT_NAME_MAX = 12;

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }[];
}

/** The manifest for whoever carries the session `token` (none: the plain one). */
export async function manifestFor(ctx: AppContext, token: string | undefined): Promise<WebManifest> {
  const session = token ? await resolveSession(ctx, token) : null;
  const family = session ? await familyNameOf(ctx.db, session.user.id) : null;
  return webManifest(family?.trim() || null);
}

export function webManifest(family: string | null): WebManifest {
  return {
    // The app's identity stays one whatever its name, so a renamed family is not a second app.
    id: '/',
    name: family ? messages.manifestFamilyName(family) : messages.appName,
    short_name: family && family.length <= SHORT_NAME_MAX ? family : messages.appName,
    description: messages.tagline,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: BACKGROUND,
    background_color: BACKGROUND,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

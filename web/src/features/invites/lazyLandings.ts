// The two invite landings, each a chunk of its own loaded on first visit: one declaration for
// the signed-out routes (App.tsx) and the signed-in ones (SignedInApp.tsx).
import { lazyLoaded } from '../../lib/lazyLoaded';

export const FamilyInvitePage = lazyLoaded(() => import('./FamilyInvitePage').then((m) => m.FamilyInvitePage));
export const TimelineInvitePage = lazyLoaded(() => import('./TimelineInvitePage').then((m) => m.TimelineInvitePage));

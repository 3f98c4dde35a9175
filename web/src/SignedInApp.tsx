import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { User } from '../../common/users';
import { LoadingScreen } from './components/LoadingScreen';
import { AppLayout } from './shell/AppLayout';
// The shell already loads the extras feature (its dialog), so its page comes along.
import { ExtrasPage } from './features/extras';
import { HomePage } from './features/home/HomePage';
import { PendingTimelineInvite } from './features/invites/PendingTimelineInvite';
import { Onboarding } from './features/onboarding';
import { LazyTimelinePage } from './features/timeline-page';
import { STORYTELLER_CARD_ROUTE } from './features/storytellers/paths';
import { BOOKS_PATH } from './features/books/paths';
import { ActiveTimelineProvider } from './features/timelines/ActiveTimeline';
import { useOutboxSender } from './features/outbox';
import { lazyLoaded } from './lib/lazyLoaded';
import { FamilyInvitePage, TimelineInvitePage } from './features/invites/lazyLandings';

/**
 * The signed-in app (accounts §2 "Route table"), a chunk of its own so the welcome page never
 * downloads it; the server names it in the page it sends a signed-in browser (server/http/web.ts),
 * so home does not wait for it either. Home and the shell come with it; every other page is
 * its own chunk, fetched the first time it is visited (issue 8 "First load").
 */
const ProfilePage = lazyLoaded(() => import('./features/profile/ProfilePage').then((m) => m.ProfilePage));
const CommunitiesPage = lazyLoaded(() => import('./features/communities/CommunitiesPage').then((m) => m.CommunitiesPage));
const StorytellerCardPage = lazyLoaded(() => import('./features/storytellers/StorytellerCardPage').then((m) => m.StorytellerCardPage));
const BooksPage = lazyLoaded(() => import('./features/books/BooksPage').then((m) => m.BooksPage));
const MediaRedirectPage = lazyLoaded(() => import('./features/media-player/MediaRedirectPage').then((m) => m.MediaRedirectPage));
const NotFoundPage = lazyLoaded(() => import('./components/NotFoundPage').then((m) => m.NotFoundPage));
/** Signed in on a sign-in page: go where the user was headed (useReturnTo reads common/auth, which is zod). */
const BackToReturnTo = lazyLoaded(() =>
  import('./features/auth/useReturnTo').then(
    ({ useReturnTo }) =>
      function BackToReturnTo() {
        return <Navigate to={useReturnTo()} replace />;
      },
  ),
);

/**
 * The page of `pathname` among those the server names beside the signed-in app when a browser
 * opens on them (vite.config.ts PAGE_MODULES), loaded ahead so main.tsx's first render draws it.
 */
export function preloadPageAt(pathname: string): Promise<void> {
  return pathname === '/timeline' || pathname.startsWith('/timeline/') ? LazyTimelinePage.preload() : Promise.resolve();
}

/** A lazily loaded page shows the loading screen of accounts §2 while its chunk arrives. */
const loading = (page: ReactNode) => <Suspense fallback={<LoadingScreen />}>{page}</Suspense>;

export default function SignedInApp({ user }: { user: User }) {
  // Issue 26: what waits on this device is sent by itself while she is signed in.
  useOutboxSender(user.id);
  return (
    <Routes>
      <Route path="/login" element={loading(<BackToReturnTo />)} />
      <Route path="/signup" element={loading(<BackToReturnTo />)} />
      {/* Issue 23: the storyteller's printed card, outside the shell so only the card prints. */}
      <Route path={STORYTELLER_CARD_ROUTE} element={loading(<StorytellerCardPage />)} />
      <Route
        element={
          <ActiveTimelineProvider user={user}>
            <PendingTimelineInvite />
            <AppLayout user={user} />
            {/* accounts §4: profile setup, first timeline, install screen. */}
            <Onboarding user={user} />
          </ActiveTimelineProvider>
        }
      >
        <Route index element={<HomePage />} />
        <Route path="/timeline" element={loading(<LazyTimelinePage />)} />
        <Route path="/timeline/:id" element={loading(<LazyTimelinePage />)} />
        <Route path="/profile" element={loading(<ProfilePage user={user} />)} />
        <Route path="/family" element={loading(<CommunitiesPage user={user} />)} />
        <Route path="/community" element={loading(<CommunitiesPage user={user} />)} />
        <Route path="/extras" element={<ExtrasPage />} />
        <Route path={BOOKS_PATH} element={loading(<BooksPage />)} />
        <Route path="/invite/:id" element={loading(<FamilyInvitePage user={user} />)} />
        <Route path="/timeline-invite/:id" element={loading(<TimelineInvitePage user={user} />)} />
        <Route path="/media-player" element={loading(<MediaRedirectPage />)} />
        <Route path="*" element={loading(<NotFoundPage />)} />
      </Route>
    </Routes>
  );
}

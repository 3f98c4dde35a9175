import { Navigate, Route, Routes } from 'react-router';
import { Suspense } from 'react';
import { LoadingScreen } from './components/LoadingScreen';
import { NotFoundPage } from './components/NotFoundPage';
import { AppLayout } from './components/shell/AppLayout';
import { LoginPage } from './features/auth/LoginPage';
import { SignupPage } from './features/auth/SignupPage';
import { useCurrentUser } from './features/auth/useCurrentUser';
import { useReturnTo } from './features/auth/useReturnTo';
import { WelcomePage } from './features/auth/WelcomePage';
import { ActiveTimelineProvider } from './features/timelines/ActiveTimeline';
import { LazyTimelinePage } from './features/timeline-page';
import { CommunitiesPage } from './features/communities/CommunitiesPage';
import { HomePage } from './features/home/HomePage';
import { FamilyInvitePage } from './features/invites/FamilyInvitePage';
import { PendingTimelineInvite } from './features/invites/PendingTimelineInvite';
import { TimelineInvitePage } from './features/invites/TimelineInvitePage';
import { MediaRedirectPage } from './features/media-player/MediaRedirectPage';
import { ExtrasPage } from './features/extras';
import { Onboarding } from './features/onboarding';
import { ProfilePage } from './features/profile';

export function App() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;

  // accounts §2 "Signed-out": the invite landings, and the welcome page everywhere else.
  if (!user) {
    return (
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/invite/:id" element={<FamilyInvitePage user={null} />} />
        <Route path="/timeline-invite/:id" element={<TimelineInvitePage user={null} />} />
        <Route path="*" element={<WelcomePage />} />
      </Routes>
    );
  }

  // accounts §2 "Route table", signed in.
  return (
    <Routes>
      <Route path="/login" element={<BackToReturnTo />} />
      <Route path="/signup" element={<BackToReturnTo />} />
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
        <Route path="/timeline" element={<Suspense fallback={<LoadingScreen />}><LazyTimelinePage /></Suspense>} />
        <Route path="/timeline/:id" element={<Suspense fallback={<LoadingScreen />}><LazyTimelinePage /></Suspense>} />
        <Route path="/profile" element={<ProfilePage user={user} />} />
        <Route path="/family" element={<CommunitiesPage user={user} />} />
        <Route path="/community" element={<CommunitiesPage user={user} />} />
        <Route path="/extras" element={<ExtrasPage />} />
        <Route path="/invite/:id" element={<FamilyInvitePage user={user} />} />
        <Route path="/timeline-invite/:id" element={<TimelineInvitePage user={user} />} />
        <Route path="/media-player" element={<MediaRedirectPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** Signed in on a sign-in page: go where the user was headed. */
function BackToReturnTo() {
  return <Navigate to={useReturnTo()} replace />;
}

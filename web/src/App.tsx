import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingScreen } from './components/LoadingScreen';
import { useCurrentUser } from './features/auth/useCurrentUser';
import { WelcomePage } from './features/auth/WelcomePage';
import { lazyLoaded } from './lib/lazyLoaded';
import { FamilyInvitePage, TimelineInvitePage } from './features/invites/lazyLandings';

/**
 * Issue 8 "First load": the first screen downloads only what it shows. Signed out, that is
 * the welcome page; the sign-in pages, the invite landings and the whole signed-in app
 * (SignedInApp.tsx) are chunks of their own, fetched when needed.
 */
const SignedInApp = lazyLoaded(() => import('./SignedInApp').then((module) => module.default));

/**
 * Issue 21 "First load": a page the server wrote for a signed-in browser names the signed-in
 * chunk, and the chunk of the page it opens on when that is one of their own (server/http/web.ts),
 * so main.tsx loads both before the first render: the first render is that page itself, not a
 * "Loading..." React would hold on screen for 300 ms after the code came (lib/lazyLoaded.ts).
 */
export async function preloadSignedInApp(pathname: string): Promise<void> {
  await SignedInApp.preload();
  const { preloadPageAt } = await import('./SignedInApp');
  await preloadPageAt(pathname);
}
const LoginPage = lazyLoaded(() => import('./features/auth/LoginPage').then((m) => m.LoginPage));
const SignupPage = lazyLoaded(() => import('./features/auth/SignupPage').then((m) => m.SignupPage));
const ForgotPasswordPage = lazyLoaded(() => import('./features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = lazyLoaded(() => import('./features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage));

/** A lazily loaded page shows the loading screen of accounts §2 while its chunk arrives. */
const loading = (page: ReactNode) => <Suspense fallback={<LoadingScreen />}>{page}</Suspense>;

export function App() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;

  // accounts §2 "Route table", signed in.
  if (user) return loading(<SignedInApp user={user} />);

  // accounts §2 "Signed-out": the invite landings, and the welcome page everywhere else.
  return (
    <Routes>
      <Route path="/login" element={loading(<LoginPage />)} />
      <Route path="/signup" element={loading(<SignupPage />)} />
      <Route path="/forgot-password" element={loading(<ForgotPasswordPage />)} />
      <Route path="/reset-password/:token" element={loading(<ResetPasswordPage />)} />
      <Route path="/invite/:id" element={loading(<FamilyInvitePage user={null} />)} />
      <Route path="/timeline-invite/:id" element={loading(<TimelineInvitePage user={null} />)} />
      <Route path="*" element={<WelcomePage />} />
    </Routes>
  );
}

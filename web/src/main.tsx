// Mantine's stylesheets of the components the app uses (issue 21 "First load", mantine.css).
import './mantine.css';
import '@mantine/notifications/styles.css';
// After Mantine's styles, so its equal-specificity rules give way (issue 9: 44 px targets).
import './legibility.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { queryKeys } from './api/keys';
import { seedFromPage } from './api/page-data';
import { App, preloadSignedInApp } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ToastHost } from './components/ToastHost';
import { FirstPaintMark, holdUntilFirstPaint } from './lib/firstPaint';
import { trackKeyboardInset } from './lib/keyboardInset';
import { followBrowserConnection } from './lib/offline/queryConnection';
import { applyTextSize, readTextSize } from './lib/textSize';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

// accounts §7: no retry, no refetch on focus, data never stale unless a screen says otherwise.
// Issue 26 "Offline": queries ask even offline ('offlineFirst'), so the service worker answers
// with what this device last saw instead of the query pausing; a change made offline fails at
// once with its words (api/errors.ts) rather than waiting, unsaid, for a connection ('always').
followBrowserConnection();
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity, networkMode: 'offlineFirst' },
    mutations: { retry: false, networkMode: 'always' },
  },
});

// The device's text size before anything renders, so the first paint already has it.
applyTextSize(readTextSize());
trackKeyboardInset();
// What the server wrote into a signed-in page fills the cache before the first render (api/page-data.ts).
seedFromPage(queryClient);
// What the first screen does not draw at once is asked for once it is painted (lib/firstPaint.ts).
holdUntilFirstPaint();

// accounts §8: an unhandled promise rejection is only logged.
window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled rejection', event.reason);
  event.preventDefault();
});

// Issue 8 "First load": the first render is a transition, so React renders it in slices of a
// few milliseconds and the page stays responsive (no long task) while it builds.
const root = createRoot(document.getElementById('root')!);
function renderApp() {
  startTransition(() =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} defaultColorScheme="dark" colorSchemeManager={colorSchemeManager} cssVariablesResolver={cssVariablesResolver}>
          <ToastHost />
          <FirstPaintMark />
          {/* A screen that throws while rendering leaves a page that says so, not a blank one. */}
          <ErrorBoundary>
            <QueryClientProvider client={queryClient}>
              <BrowserRouter>
                <App />
              </BrowserRouter>
            </QueryClientProvider>
          </ErrorBoundary>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}

// Issue 21 "First load": a signed-in page (its user written in) first loads the signed-in app
// and the page it already names, so the first render is that page rather than a loading screen
// (App.tsx, preloadSignedInApp). Should a chunk fail, the render goes on and asks for it again.
if (queryClient.getQueryData(queryKeys.currentUser) === undefined) renderApp();
else {
  void preloadSignedInApp(window.location.pathname)
    .catch(() => {})
    .then(() => renderApp());
}

// Issue 26 "Installed": the service worker, in a production build only (the dev server has no
// /sw.js), registered once the page has loaded and the browser is idle, so it never delays the
// first paint (lib/offline/register.ts).
if (import.meta.env.PROD) {
  const register = () => void import('./lib/offline/register').then(({ registerServiceWorker }) => registerServiceWorker());
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 5_000 }) : setTimeout(register, 1_000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

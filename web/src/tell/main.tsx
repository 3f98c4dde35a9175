// The storyteller's page entry (web/tell.html): plain React and its own small stylesheet, none
// of the app's shell, so an elder's old phone opening the link loads little (issue 23: at most
// 100 KB of JavaScript, gzip; bench/tell-page.ts measures it). The service worker is hers too
// (issue 26): it keeps this page so the link opens with no connection, and wakes her waiting stories.
import './tell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TellApp } from './TellApp';

/** The link is /tell/{token}; the server answers this page whatever the token, and the API judges it. */
function tokenOfAddress(): string {
  const segment = window.location.pathname.split('/')[2] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    // A mangled address (a stray %) is still asked about, and the API calls it a dead link.
    return segment;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TellApp token={tokenOfAddress()} />
  </StrictMode>,
);

// As the app's (web/src/main.tsx): a production build only, once loaded and idle, and loaded
// then (a dynamic import), so neither the worker's download nor workbox-window weighs on the
// first load. A new version waits until her page is closed: no notice here, never mid-story.
if (import.meta.env.PROD) {
  const register = () => void import('../lib/offline/register').then(({ registerServiceWorker }) => registerServiceWorker());
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 5_000 }) : setTimeout(register, 1_000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

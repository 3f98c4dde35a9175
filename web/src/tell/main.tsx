// The storyteller's page entry (web/tell.html): plain React and its own small stylesheet, none
// of the app's shell, so an elder's old phone opening the link loads little (issue 23: at most
// 100 KB of JavaScript, gzip; bench/tell-page.ts measures it).
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

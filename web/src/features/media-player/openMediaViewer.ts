// memories §2 "Full-screen media viewer": opened in a new browser window, with a close
// button, showing an image or an autoplaying video. The window is built from here rather
// than from a page of the app, so it opens at once without loading the app a second time.

import { messages } from '../../../../common/messages';

export interface ViewedMedia {
  kind: 'image' | 'video';
  url: string;
  /** What the media shows, for its accessible name and the window title. */
  title: string;
}

/** Opens the viewer; false when the browser blocked the new window. */
export function openMediaViewer(media: ViewedMedia): boolean {
  const viewer = window.open('', '_blank');
  if (!viewer) return false;
  const doc = viewer.document;
  // An about:blank window resolves addresses against its opener; made absolute to be sure.
  const src = new URL(media.url, window.location.href).href;
  doc.title = media.title;
  doc.documentElement.lang = 'en';
  // Styles are set through the DOM, which the app's Content-Security-Policy allows.
  Object.assign(doc.body.style, {
    margin: '0',
    background: '#000',
    height: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    fontFamily: 'system-ui, sans-serif',
  });

  const main = doc.createElement('main');
  Object.assign(main.style, { width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' });
  let element: HTMLImageElement | HTMLVideoElement;
  if (media.kind === 'image') {
    const image = doc.createElement('img');
    image.alt = media.title;
    element = image;
  } else {
    const video = doc.createElement('video');
    video.controls = true;
    video.autoplay = true;
    video.playsInline = true;
    video.setAttribute('aria-label', media.title);
    element = video;
  }
  element.src = src;
  Object.assign(element.style, { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' });
  main.append(element);

  const close = doc.createElement('button');
  close.type = 'button';
  close.textContent = '✕';
  close.setAttribute('aria-label', messages.closeViewer);
  Object.assign(close.style, {
    position: 'fixed',
    top: '16px',
    right: '16px',
    width: '48px',
    height: '48px',
    borderRadius: '24px',
    border: '2px solid #fff',
    background: 'rgba(0,0,0,0.6)',
    color: '#fff',
    fontSize: '20px',
    cursor: 'pointer',
  });
  close.addEventListener('click', () => viewer.close());
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') viewer.close();
  });

  doc.body.replaceChildren(main, close);
  close.focus();
  // Autoplay may be refused until the person interacts: the controls are there to start it.
  if (media.kind === 'video') void (element as HTMLVideoElement).play().catch(() => undefined);
  return true;
}

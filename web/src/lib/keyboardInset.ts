// Toasts sit at the bottom of the screen (legibility.css). Phone browsers draw the on-screen
// keyboard over the page without resizing it, so a toast there would hide behind the keys:
// the keyboard's height, read from the visual viewport, lifts them above it.

/** Starts keeping `--keyboard-inset` on the root element up to date. */
export function trackKeyboardInset() {
  const viewport = window.visualViewport;
  if (!viewport) return;
  const update = () => {
    // A pinch-zoom also shrinks the visual viewport; only an unzoomed one means a keyboard.
    const inset = viewport.scale > 1.01 ? 0 : Math.max(0, window.innerHeight - viewport.height - viewport.offsetTop);
    document.documentElement.style.setProperty('--keyboard-inset', `${Math.round(inset)}px`);
  };
  viewport.addEventListener('resize', update);
  viewport.addEventListener('scroll', update);
  // No reading at start: no keyboard is up while a page loads (the stylesheet's fallback is 0),
  // and reading the viewport before the first render would lay out the page an extra time
  // (issue 21 "First load").
}

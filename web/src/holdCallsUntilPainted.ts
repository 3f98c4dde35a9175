import { onlineManager } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Issue 21 "First load": what a signed-in home asks for (its prompts, the unread count, the
 * members who decide the invite card) waits until that home is on screen, so its first paint
 * does not share the main thread and the network with calls whose answers it does not show.
 * The query client holds every call while it is told the browser is offline, and sends them
 * once told it is back: when the browser reports the render's paint (a largest contentful
 * paint after the commit, not one of an earlier screen), else after the
 * next frame where the browser reports none, and 200 ms after the commit at the latest (a
 * background tab paints nothing).
 */
export function holdCallsUntilPainted(): () => null {
  onlineManager.setOnline(false);
  const resume = () => onlineManager.setOnline(true);
  return function AfterFirstPaint() {
    useEffect(() => {
      const committed = performance.now();
      const latest = window.setTimeout(resume, 200);
      if (typeof PerformanceObserver !== 'function' || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
        requestAnimationFrame(() => window.setTimeout(resume));
        return;
      }
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntries().some((entry) => entry.startTime >= committed)) return;
        observer.disconnect();
        window.clearTimeout(latest);
        resume();
      });
      observer.observe({ type: 'largest-contentful-paint' });
    }, []);
    return null;
  };
}

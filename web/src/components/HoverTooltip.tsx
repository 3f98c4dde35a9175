import { Suspense, useEffect, useState, type RefObject } from 'react';
import { lazyLoaded } from '../lib/lazyLoaded';

const FloatingTooltip = lazyLoaded(() => import('./FloatingTooltip').then((module) => module.default));

/**
 * A device with no pointer that can hover (a phone, a tablet without a mouse) never opens the
 * tooltip, so it does not fetch its code ahead; one with a mouse or pen fetches it while idle.
 */
const canHover = () => window.matchMedia?.('(any-hover: hover)').matches ?? true;

/**
 * Mantine's Tooltip on `target`, kept off the first load (issue 21 "First load"): its code and
 * floating-ui (about 20 KB compressed) are fetched when the browser is first idle on a device
 * that can hover, or when a mouse first comes over the target, instead of before the page can
 * draw; a phone does not download them. The target is rendered on
 * its own and never wrapped, so nothing remounts when the tooltip arrives. It opens as Mantine's
 * does by default: while a mouse or pen is over the target (not on touch or focus), and Escape
 * closes it.
 */
export function HoverTooltip({ label, target }: { label: string; target: RefObject<HTMLElement | null> }) {
  const [opened, setOpened] = useState(false);
  // From the first hover on, for good.
  const [wanted, setWanted] = useState(false);
  if (opened && !wanted) setWanted(true);
  useEffect(() => {
    const node = target.current;
    if (!node) return;
    const onPointerEnter = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') setOpened(true);
    };
    const close = () => setOpened(false);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    node.addEventListener('pointerenter', onPointerEnter);
    node.addEventListener('pointerleave', close);
    document.addEventListener('keydown', onKeyDown);
    // Fetched while the browser is idle, so the first hover seldom waits for it; not by a
    // device that cannot hover (should a mouse come later, its first hover fetches it).
    const idle = canHover() ? window.requestIdleCallback?.(() => void FloatingTooltip.preload().catch(() => {})) : undefined;
    return () => {
      node.removeEventListener('pointerenter', onPointerEnter);
      node.removeEventListener('pointerleave', close);
      document.removeEventListener('keydown', onKeyDown);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [target]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <FloatingTooltip label={label} target={target} opened={opened} />
    </Suspense>
  );
}

// One memory detail dialog for the whole signed-in app (memories §2): cards, notifications
// and `?memoryId=` links all open it through useOpenMemory, and its code loads on first use.
import { Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyLoaded, usePartReady } from '../../../lib/lazyLoaded';
import { useOpenerFocus } from '../../../components/useOpenerFocus';
import { OpenMemoryContext } from '../openMemory';

const MemoryDetailDialog = lazyLoaded(() => import('./MemoryDetailDialog').then((module) => module.MemoryDetailDialog));

export function MemoryDetailProvider({ children }: { children: ReactNode }) {
  const [memoryId, setMemoryId] = useState<string | null>(null);
  // The dialog mounts open and unmounts on close, so Mantine cannot hand focus back (issue 9):
  // the card, notification or link that opened it gets it here.
  const { remember, restore } = useOpenerFocus();
  const isOpen = useRef(false);
  const open = useCallback(
    (id: string, opener?: HTMLElement | null) => {
      // Another memory opened from inside the dialog keeps the first opener.
      if (!isOpen.current) remember(opener);
      isOpen.current = true;
      setMemoryId(id);
    },
    [remember],
  );
  const close = useCallback(() => {
    isOpen.current = false;
    setMemoryId(null);
    restore(() => !isOpen.current);
  }, [restore]);
  const value = useMemo(() => open, [open]);
  // Mounted once its code is here, so the first memory opened shows at once rather than after React's hold.
  const ready = usePartReady(MemoryDetailDialog, memoryId !== null);
  return (
    <OpenMemoryContext.Provider value={value}>
      {children}
      {memoryId && ready && (
        <Suspense fallback={null}>
          <MemoryDetailDialog memoryId={memoryId} onClose={close} />
        </Suspense>
      )}
    </OpenMemoryContext.Provider>
  );
}

// One memory detail dialog for the whole signed-in app (memories §2): cards, notifications
// and `?memoryId=` links all open it through useOpenMemory, and its code loads on first use.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

const MemoryDetailDialog = lazy(() => import('./MemoryDetailDialog').then((module) => ({ default: module.MemoryDetailDialog })));

const OpenMemoryContext = createContext<(memoryId: string) => void>(() => undefined);

export function MemoryDetailProvider({ children }: { children: ReactNode }) {
  const [memoryId, setMemoryId] = useState<string | null>(null);
  const open = useCallback((id: string) => setMemoryId(id), []);
  const close = useCallback(() => setMemoryId(null), []);
  const value = useMemo(() => open, [open]);
  return (
    <OpenMemoryContext.Provider value={value}>
      {children}
      {memoryId && (
        <Suspense fallback={null}>
          <MemoryDetailDialog memoryId={memoryId} onClose={close} />
        </Suspense>
      )}
    </OpenMemoryContext.Provider>
  );
}

/** Opens the memory detail dialog on the memory with this id. */
export function useOpenMemory(): (memoryId: string) => void {
  return useContext(OpenMemoryContext);
}

// How anything opens the one memory detail dialog (memories §2): cards, notifications, search
// and `?memoryId=` links call useOpenMemory; detail/MemoryDetailProvider supplies it. The
// context lives here, apart from the dialog, so a card needs nothing of the detail's code.
import { createContext, useContext } from 'react';

export const OpenMemoryContext = createContext<(memoryId: string) => void>(() => undefined);

/** Opens the memory detail dialog on the memory with this id. */
export function useOpenMemory(): (memoryId: string) => void {
  return useContext(OpenMemoryContext);
}

// How anything opens the one memory detail dialog (memories §2): cards, notifications, search
// and `?memoryId=` links call useOpenMemory; detail/MemoryDetailProvider supplies it. The
// context lives here, apart from the dialog, so a card needs nothing of the detail's code.
import { createContext, useContext } from 'react';

/**
 * Opens the memory with this id. Closing it gives focus back to the control that had it, or to
 * `opener` when that control leaves with the opening (a notification in the panel that closes).
 */
export type OpenMemory = (memoryId: string, opener?: HTMLElement | null) => void;

export const OpenMemoryContext = createContext<OpenMemory>(() => undefined);

/** Opens the memory detail dialog on the memory with this id. */
export function useOpenMemory(): OpenMemory {
  return useContext(OpenMemoryContext);
}

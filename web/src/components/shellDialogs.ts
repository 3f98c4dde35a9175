import { createContext, useContext } from 'react';

/** The dialogs the shell owns (accounts §2 "Dialogs opened from the shell"). */
export type ShellDialogName = 'timelines' | 'download' | 'search' | 'capture' | 'notifications' | 'extras' | 'book';

export const ShellDialogsContext = createContext<((dialog: ShellDialogName) => void) | null>(null);

/** Opens one of the shell's dialogs from any screen inside the signed-in layout. */
export function useOpenShellDialog(): (dialog: ShellDialogName) => void {
  const open = useContext(ShellDialogsContext);
  if (!open) throw new Error('useOpenShellDialog needs the signed-in layout');
  return open;
}

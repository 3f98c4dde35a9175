// The Share Memory dialog (memories §2), opened from the memory detail dialog's Share.
export { ShareMemoryDialog } from './ShareMemoryDialog';

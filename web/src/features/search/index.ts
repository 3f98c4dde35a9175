// The Search Memories dialog (memories §2, §5), opened by the shell's search button.
export { LazySearchDialog } from './LazySearchDialog';

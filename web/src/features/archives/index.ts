// Taking memories home (memories §2, §7): the detail dialog's Download and the Bulk Download
// Memories dialog the shell opens.
export { LazyBulkDownloadDialog } from './LazyBulkDownloadDialog';
export { MemoryDownloadButton } from './MemoryDownloadButton';

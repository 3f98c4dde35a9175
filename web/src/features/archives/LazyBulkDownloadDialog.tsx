import { lazyDialog } from '../../components/lazyDialog';

/** The Bulk Download Memories dialog, fetched the first time it opens and kept mounted so it can animate out. */
export const LazyBulkDownloadDialog = lazyDialog(() => import('./BulkDownloadDialog').then((module) => module.BulkDownloadDialog));

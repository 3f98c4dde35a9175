import { lazyDialog } from '../../components/lazyDialog';

/** The Make a book dialog, fetched the first time it opens and kept mounted so it can animate out. */
export const LazyMakeBookDialog = lazyDialog(() => import('./MakeBookDialog').then((module) => module.MakeBookDialog));

import { lazyDialog } from '../../components/lazyDialog';

/** The Search Memories dialog, fetched the first time it opens and kept mounted so it can animate out. */
export const LazySearchDialog = lazyDialog(() => import('./SearchDialog').then((module) => module.SearchDialog));

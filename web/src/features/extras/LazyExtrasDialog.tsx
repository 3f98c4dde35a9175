import { lazyDialog } from '../../components/lazyDialog';

/** The Extras dialog, fetched the first time it opens and kept mounted so it can animate out. */
export const LazyExtrasDialog = lazyDialog(() => import('./ExtrasDialog').then((module) => module.ExtrasDialog));

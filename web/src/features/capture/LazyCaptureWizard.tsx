import { lazyDialog } from '../../components/lazyDialog';

/** The capture wizard, fetched the first time it opens and kept mounted so it can animate out. */
export const LazyCaptureWizard = lazyDialog(() => import('./CaptureWizard').then((module) => module.default));

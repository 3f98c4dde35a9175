// The Extras feature (accounts §2): the /extras page, and the shell's Extras dialog (opened
// with useOpenShellDialog()('extras')).
export { ExtrasPage } from './ExtrasPage';
export { LazyExtrasDialog } from './LazyExtrasDialog';

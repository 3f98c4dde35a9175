// The capture feature (memories §2 "Memory capture wizard"). The shell opens it as its
// 'capture' dialog; the wizard's code loads the first time it opens. Home's prompts open it
// about a prompt with captureAboutPrompt, then the shell's 'capture' dialog.
export { LazyCaptureWizard } from './LazyCaptureWizard';
export { captureAboutPrompt } from './promptSeed';
// The memory edit view (memories/edit) shares the wizard's title field and pickers' pieces.
export { MediaNotices, type MediaNotice } from './MediaNotices';
export { TitleField } from './TitleField';

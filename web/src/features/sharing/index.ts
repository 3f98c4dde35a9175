// The Share Memory dialog (memories §2), opened from the memory detail dialog's Share.
export { ShareMemoryDialog } from './ShareMemoryDialog';
// The wizard's sharing step words and decides the audience by the same rules (issue 20).
export { audienceOf, audienceWords } from './shareRules';

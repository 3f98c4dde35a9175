// Comments on a memory (memories §2, §4, §5), shown in the memory detail dialog.
export { CommentsSection } from './CommentsSection';

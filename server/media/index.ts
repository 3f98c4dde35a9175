// What other features may use of media: storing an avatar, recording it with its owner,
// and tidying up after a refused upload.
export { discardStaged, recordAvatar, removeStoredFiles, stageAvatar, type StagedMedia } from './service.js';
export { discardRestOfBody } from './upload-body.js';

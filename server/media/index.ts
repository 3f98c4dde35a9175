// The one intake for files (DESIGN "Files come in through server/media/ only"): the
// multipart reader that authorizes a form before its first file, the byte gate of every
// kind (photos in three sizes, avatars, recordings, videos and their thumbnails), the
// checks of direct uploads, and the one way files leave the store. It is the one writer of
// the `media` rows: memories and comments record and forget theirs here, in their transaction.
export { mediaKeyOfUrl } from './addresses.js';
export { audioGate, stageAudio, type DetectedAudio } from './audio.js';
export { stageImage, stageVideoThumbnail, type StagedImage } from './memory-images.js';
export { forgetCommentRecording, forgetMemoryMedia, recordMedia, type NewMedia } from './queries.js';
export { readMultipart, type FilePart, type FormFields, type MultipartForm, type MultipartOptions } from './multipart.js';
export { readStoredMedia, recordAvatar, stageAvatar, type MediaConditions, type MediaReply } from './service.js';
export { etagOf, parseRange, rangeStillApplies } from './serving.js';
export { discardFiles, firstFailure, type StagedFile } from './staged.js';
export { discardRestOfBody, drainBody } from './upload-body.js';
export { moveVideoWithoutMetadata, stripVideoMetadata } from './video-metadata.js';
export { checkStoredVideo, stageVideo, videoGate, videoTooLarge } from './videos.js';

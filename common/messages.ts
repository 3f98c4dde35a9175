// User-facing strings. Those quoted from the spec are requirements: tests assert them verbatim.
import {
  AI_CALL_LIMITS,
  AUDIO_DURATION_MAX_S,
  AUDIO_MAX_BYTES,
  CAPTURE_IMAGES_MAX,
  COMMENT_TEXT_MAX,
  DISPLAY_NAME_MAX,
  FOLLOW_UP_ANSWER_MAX,
  FOLLOW_UP_CONTENT_MAX,
  FOLLOW_UP_PREVIOUS_MAX,
  FOLLOW_UP_QUESTION_MAX,
  FOLLOW_UP_RESPONSES_MAX,
  IMAGE_MAX_INPUT_PIXELS,
  MEMORY_TAG_MAX,
  MEMORY_TAGS_MAX,
  MEMORY_TEXT_MAX,
  MEMORY_TITLE_MAX,
  MEMORY_VIDEOS_MAX,
  PAGE_LIMIT_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  TIMELINE_DESCRIPTION_MAX,
  TIMELINE_ICON_MAX,
  TIMELINE_NAME_MAX,
} from './limits.js';

export const messages = {
  // accounts §2
  tagline: "Capture and share your life's precious moments",
  loading: 'Loading...',
  notFoundTitle: '404 Page Not Found',
  notFoundHint: 'Did you forget to add the page to the router?',
  signInToStart: 'Sign In to Get Started',
  loadingMedia: 'Loading media...',
  noMediaUrl: 'Error: No media URL provided',

  // accounts §5
  displayNameRequired: 'Display name required',
  displayNameRequiredDetail: 'Please enter a display name to continue',
  displayNameTooLong: `Display name must be at most ${DISPLAY_NAME_MAX} characters`,

  // accounts §8
  profileUpdated: 'Profile updated',
  profileUpdateFailed: 'Failed to update profile',

  // DESIGN "API" and "Security and durability"
  invalidCredentials: 'Invalid email or password',
  emailInvalid: 'Enter a valid email address',
  emailTaken: 'An account with this email already exists',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess',
  tooManySignIns: 'Too many failed sign-in attempts. Try again in 15 minutes',
  tooManyRequests: 'Too many requests. Please wait a moment and try again',
  signedOut: 'Please sign in to continue',
  crossOrigin: 'Cross-origin request refused',
  registrationClosed: 'Sign-up is closed on this server',
  registrationNeedsInvite: 'Sign-up on this server needs an invite link',
  ssoFailed: 'Single sign-on failed. Please try again',
  ssoEmailUnverified: 'Your single sign-on account has no verified email address',
  // Issue 19 "Accounts": the password change and signing out other devices (DESIGN "E-mail"),
  // on the profile page; and the page a sign-out link from another site lands on.
  currentPasswordRequired: 'Enter your current password',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChangeNoPassword: 'This account signs in with single sign-on and has no password to change',
  changePasswordTitle: 'Change password',
  changePasswordHelp: 'Other devices signed in to your account are signed out when you change it.',
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  changePasswordButton: 'Change Password',
  passwordChanged: 'Password changed',
  /** Shown as "Failed to change password: {message}" when no field is to blame. */
  passwordChangeFailed: 'Failed to change password',
  otherDevicesTitle: 'Sign out other devices',
  otherDevicesHelp: 'Signs you out on every other phone, tablet and computer. You stay signed in here.',
  otherDevicesButton: 'Sign Out Other Devices',
  otherDevicesSignedOut: (count: number) =>
    count === 0 ? 'No other devices were signed in' : `Signed out of ${count === 1 ? '1 other device' : `${count} other devices`}`,
  /** Shown as "Failed to sign out other devices: {message}". */
  otherDevicesFailed: 'Failed to sign out other devices',
  signOutConfirmTitle: 'Sign out of Heirloom?',
  signOutConfirmText: 'A link from another site asked to sign you out. Press the button if you meant to.',
  signOutConfirmStay: 'Stay signed in',
  notFound: 'Not found',
  timelineNotFound: 'Timeline not found',
  reminderTimeInvalid: 'Reminder time must look like 18:00',
  bodyNotObject: 'The request must carry its details as a JSON object',
  unexpected: 'Something went wrong on our side. Please try again',
  /** A stopping server's 503 (SIGTERM): a balancer sends the request elsewhere; a person retries. */
  serverRestarting: 'Heirloom is restarting. Please try again in a moment',

  // accounts §7 (prompts calls) and §8
  promptTimelineIdInvalid: 'timelineId must be the id of a timeline',
  promptsRefreshed: 'Prompts refreshed',
  /** Shown as "Failed to refresh prompts: {message}". */
  promptsRefreshFailed: 'Failed to refresh prompts',
  // DESIGN "Edge decisions": days are taken in an IANA zone `tz`, UTC by default.
  timeZoneInvalid: 'tz must be an IANA time zone such as Europe/Paris',

  // accounts §5 (timelines)
  timelineNameRequired: 'Timeline name required',
  timelineNameRequiredDetail: 'Please enter a name for your timeline',
  timelineCreated: 'Timeline created',
  timelineCreateFailed: 'Failed to create timeline',
  timelineNameTooLong: `Timeline name must be at most ${TIMELINE_NAME_MAX} characters`,
  timelineColorInvalid: 'Timeline colour must look like #3b82f6',
  timelineDescriptionTooLong: `Timeline description must be at most ${TIMELINE_DESCRIPTION_MAX} characters`,
  timelineIconInvalid: `Timeline icon must be a name of at most ${TIMELINE_ICON_MAX} characters`,
  timelineIsDefaultInvalid: 'isDefault must be true or false',
  // DESIGN "Who may do what" (Timeline)
  timelineOwnerOnly: 'Only the timeline owner can do this',
  defaultTimelineUndeletable: 'Your default timeline cannot be deleted. Make another timeline your default first',
  ownerNotRemovable: 'The timeline owner cannot be removed',
  selfNotRemovable: 'You cannot remove yourself from a timeline',
  memberNotFound: 'Member not found',

  // accounts §2, §8 (timeline invites)
  noInviteYet: 'No invite link yet',
  timelineInviteNotFound: 'Invite not found or expired',
  ownTimelineInvite: 'You cannot use your own invitation link',
  // issue 19: an invite made before someone's removal does not admit them again.
  removedBeforeInvite: 'You were removed from this timeline after this invite was made. Ask a member for a new invite link',
  joinedTimeline: 'You have joined the timeline',
  inviteIdRequired: 'inviteId is required',
  // DESIGN "Notifications": `other` to the timeline owner when someone joins.
  timelineMemberJoinedTitle: 'New timeline member',
  timelineMemberJoined: (name: string, timeline: string) => `${name} joined ${timeline}`,

  // accounts §2 (family invite page) and DESIGN "Who may do what" (Families)
  familyInviteInvalid: 'This invite link is invalid or may have expired.',
  familyNotFound: 'Family not found',
  otherFamily: 'You already belong to another family',
  familyMergeSame: 'A family cannot be merged with itself',
  familyMergeWrongInvite: 'This invite is for a different family',
  familyMergeIdsRequired: 'targetFamilyId, sourceFamilyId and inviteId are required',
  // DESIGN "Families", amended 2026-11-25 (issue 19): only the source family's creator merges it.
  familyMergeCreatorOnly: "Only the family's creator can merge it into another family",
  // DESIGN "Notifications": family_joined to everyone a merge brings together (issue 19).
  familiesMergedTitle: 'Families merged',
  familiesMerged: (name: string, source: string, target: string) => `${name} merged ${source} into ${target}`,
  // DESIGN "Notifications": family_joined to the family's other members.
  familyMemberJoinedTitle: 'New family member',
  familyMemberJoined: (name: string) => `${name} joined your family`,

  // accounts §5, §8 (profile image). The API answers a too-large image with the detail line.
  profileImageTooLarge: 'Image too large',
  profileImageTooLargeDetail: 'Please select an image smaller than 5MB',
  profileImageUpdated: 'Profile image updated',
  /** Shown as "Failed to upload profile image: {message}". */
  profileImageUploadFailed: 'Failed to upload profile image',
  profileImageMissing: 'Please choose an image to upload',
  profileImageOneOnly: 'Send one profile image at a time',
  // DESIGN "Edge decisions": images are checked by their bytes; never SVG.
  imageTypeRefused: 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF)',
  imageUnreadable: 'This image could not be read. Please choose another one',
  // issue 19 "Memory and size": refused from the header, before any decode; 400 so the web shows it.
  imageTooManyPixels: (file: string, width: number, height: number) =>
    `${file} is ${width} × ${height} pixels; an image may have at most ${IMAGE_MAX_INPUT_PIXELS / 1_000_000} megapixels. Please choose a smaller one`,
  /** The file's name when the browser sent none. */
  unnamedImage: 'This image',
  // DESIGN "Media": GET /uploads/{key} with a Range past the end.
  rangeNotSatisfiable: 'The requested range is outside the file',

  // POST /api/memories (memories §3, §5; DESIGN "Media", "Who may do what"). The capture
  // wizard's own toasts are the capture* strings below; these are the server's refusals.
  memoryTitleTooLong: `Memory title must be at most ${MEMORY_TITLE_MAX} characters`,
  memoryTextTooLong: `The notes and the transcription must each be at most ${MEMORY_TEXT_MAX.toLocaleString('en-US')} characters`,
  memoryTimelineRequired: 'Please select at least one timeline for this memory.',
  maxImagesReached: `Maximum images reached: You can have a maximum of ${CAPTURE_IMAGES_MAX} images per memory`,
  maxVideosReached: `Maximum videos reached: You can have a maximum of ${MEMORY_VIDEOS_MAX} videos per memory`,
  videoTooLarge: 'File too large: Video files must be smaller than 250MB. Please compress your videos or choose shorter clips.',
  memoryImageTooLarge: 'Each image must be 25MB or smaller. Please choose a smaller photo',
  videoTypeRefused: 'Please choose a video file (MP4, WebM or QuickTime)',
  videoUploadNotFound: 'Video upload not found',
  memoryFileFieldRefused: 'Only images, audio, follow-up answer recordings and video thumbnails may carry files',
  videoThumbnailWithoutVideo: 'Each video thumbnail must come with its video in directVideoUrls',
  memoryFormNotMultipart: 'A memory is sent as multipart/form-data',
  memoryFormTooManyFields: 'The memory form has more fields than a memory takes',
  memoryIdListInvalid: (field: string) => `${field} must be a JSON list of ids`,
  // DESIGN "Who may do what" (Memory view, amended 2026-11-25; issue 20 "Who sees a memory")
  memoryAudienceInvalid: "audience must be 'private', 'timeline' or 'people'",
  memoryPrivateWithOthers: 'A private memory is seen by its creator only: leave everyone else out of userIds, or choose another audience',
  // DESIGN "Files come in through server/media/ only, after the caller is authorized for the form's fields".
  formFieldsAfterFiles: "Send the form's text fields before its files",
  // PATCH /api/memories/{id} (memories §5 "Editing an existing memory", §7)
  memoryTitleEmpty: 'Memory title cannot be empty.',
  memoryDateInvalid: 'createdAt must be an ISO date such as 2024-05-01T12:00:00.000Z',
  memoryDateInFuture: 'The date of a memory cannot be after today',
  memoryDateTooEarly: 'The date of a memory cannot be before 1900',
  memoryTagsInvalid: 'tags must be a JSON list of text',
  memoryTagTooLong: `Each tag must be at most ${MEMORY_TAG_MAX} characters`,
  memoryTooManyTags: `A memory can have at most ${MEMORY_TAGS_MAX} tags`,
  memoryMediaToDeleteNotFound: 'An image or video to delete is not part of this memory',
  memoryEditFileFieldRefused: 'Only images and videos may carry files',
  memoryEditBodyInvalid: 'A memory is changed with JSON or multipart/form-data',
  // DESIGN "Who may do what" (Memory) and "Edge decisions" (who may read whom)
  memoryNotFound: 'Memory not found',
  memoryCreatorOnly: 'Only the creator of this memory can do this',
  sharedWithNotMember: 'A memory can only be shared with members of its timelines',
  userNotFound: 'User not found',
  // DESIGN "Notifications": memory_shared to each user a memory is shared with.
  memorySharedTitle: 'New memory shared',
  memoryShared: (creator: string, title: string) => `${creator} shared "${title}" with you`,
  // DESIGN "Notifications": comment_added to the creator and earlier commenters.
  commentAddedTitle: 'New comment',
  commentAdded: (author: string, title: string) => `${author} commented on "${title}"`,
  notificationNotFound: 'Notification not found',
  // POST /api/memories/{id}/comments, DELETE /api/comments/{id} (memories §3, §5, §6; DESIGN
  // "Comments"). A blank comment is refused with commentToastEmptyDetail, the spec's own words.
  commentNotFound: 'Comment not found',
  commentAuthorOnly: 'Only the author of a comment can delete it',
  commentTextTooLong: `A comment must be at most ${COMMENT_TEXT_MAX} characters`,
  commentFormNotMultipart: 'A comment is sent as multipart/form-data',
  commentFormTooManyFields: 'The comment form has more fields than a comment takes',
  commentFileFieldRefused: 'Only a voice recording in the audio field may be attached to a comment',
  // GET /api/timelines/{id}/memories and memory-days (DESIGN "API")
  dateInvalid: (field: string) => `${field} must be an ISO date and time such as 2024-05-01T00:00:00Z`,
  // The pages of every list (common/pages.ts): the cursor is the one an earlier page gave.
  cursorInvalid: 'cursor must be the next cursor an earlier page gave',
  pageLimitInvalid: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`,

  // accounts §2 "Extras page" (the page's cards) and the shell's Extras dialog; shown 3 s (§9).
  comingSoonBadge: 'Coming Soon',
  featureComingSoon: 'Feature Coming Soon!',
  featureComingSoonDetail: (feature: string) => `${feature} is being developed and will be available in a future update.`,
  comingSoon: 'Coming Soon!',
  comingSoonDetail: (title: string) => `${title} will be available in a future update.`,
  moreMagicComingSoon: 'More Magic Coming Soon',
  sendFeedback: 'Send Feedback',

  // accounts §8: the first timeline, created during onboarding
  firstTimelineCreated: 'Timeline Created!',
  firstTimelineCreatedDetail: (name: string) => `Your ${name} timeline has been created successfully.`,
  firstTimelineCreateFailed: 'Failed to create timeline. Please try again.',

  // memories §5: the capture wizard's start step, and its limits
  captureMissingTitle: 'Missing title',
  captureMissingTitleDetail: 'Please give your memory a title',
  captureContentRequired: 'Content required',
  captureContentRequiredDetail: 'Please provide the content of your memory before proceeding.',
  // memories §5: the title of both video-limit toasts (capture allows 1, editing 2).
  maxVideosTitle: 'Maximum videos reached',
  captureMaxVideosDetail: 'You can have a maximum of 1 video per memory',
  // memories §4, §5, §8: the follow-up question
  followUpEmptyMemory: 'Empty Memory',
  followUpEmptyMemoryDetail: 'Please add some content to your memory first',
  followUpFailed: 'Failed to get follow-up question',
  // memories §8: voice recordings and their transcription
  recordingSaved: 'Recording Saved',
  recordingSavedDetail: 'Your voice recording was saved, but transcription failed. You can add text manually if needed.',
  recordingError: 'Recording Error',
  recordingErrorDetail: 'Could not start recording. Please check microphone permissions.',
  recordingComplete: 'Recording Complete',
  recordingCompleteDetail: 'Your voice message has been transcribed successfully!',
  audioAnswerTranscriptionFailed: 'Audio response (transcription failed)',
  audioAnswerNoTranscription: 'Audio response (no transcription available)',
  // issue 22 "Every recording gets its words": words a job writes after the save.
  wordsOnTheirWay: 'Writing down what was said…',
  wordsFailed: 'The words could not be written down; the recording is kept.',
  saveWithoutWaiting: 'Save without waiting',
  wordsAddedWhenReady: 'The words will be added when they are ready',
  // issue 9, capture slice: drafts that survive, undo, the refused microphone, prompts.
  discardMemoryTitle: 'Discard this memory?',
  discardMemoryDetail: 'Your title, notes, recordings, photos and answers will be removed from this device.',
  discardMemoryKeep: 'Keep editing',
  discardMemoryConfirm: 'Discard',
  draftRestored: (title: string) =>
    title ? `Welcome back. Your unsaved memory "${title}" is here, just as you left it.` : 'Welcome back. Your unsaved memory is here, just as you left it.',
  draftStartNew: 'Start a new memory',
  draftRestoredDismiss: 'Dismiss',
  captureLoadingDraft: 'Loading your memory',
  undo: 'Undo',
  recordingRemoved: 'Recording removed.',
  answerRecordingRemoved: 'Spoken answer removed.',
  photoRemoved: 'Photo removed.',
  videoRemoved: 'Video removed.',
  microphoneHelpIntro: 'To let Heirloom hear you, allow the microphone, then try again:',
  microphoneHelpIphone: 'iPhone or iPad (Safari): tap "aA" in the address bar, choose Website Settings and set Microphone to Allow.',
  microphoneHelpAndroid: 'Android (Chrome): tap the icon left of the address, choose Permissions and turn on Microphone.',
  microphoneHelpDesktop: 'Computer: click the lock or microphone icon in the address bar and allow the microphone.',
  microphoneTryAgain: 'Try again',
  /** The recorder dialog's second way out of the microphone help (MicrophoneHelp). */
  microphoneHelpClose: 'Close',
  recordingSavedQuietly: 'Your recording is saved with this memory.',
  yourSpokenAnswer: 'Your spoken answer',
  promptWriteAboutThis: 'Tap a revealed prompt to tell a memory about it.',
  titleSuggestedFromPrompt: 'Suggested from today’s prompt: change it as you like',
  // memories §8: saving a memory
  memorySaved: 'Success!',
  memorySavedDetail: 'Memory saved successfully!',
  memorySaveFailed: 'Failed to save memory',
  uploadTooLarge: 'File is too large for upload',
  uploadTooLargeAdvice: 'Please trim or compress the video and try again.',
  uploadInvalidRequest: 'Invalid request - please check your file format',
  uploadNetworkError: 'Network error - please check your connection',
  uploadNetworkErrorAdvice: 'Please try again with a stable connection.',
  uploadServerError: 'Server error during upload',
  uploadServerErrorAdvice: 'Please try again shortly.',
  uploadFailed: 'Upload failed',
  uploadNetworkFailure: 'Network error during upload',
  uploadTimeout: 'Upload timeout - file may be too large for this connection',
  uploadAborted: 'Upload was aborted',
  /** Shown as "Failed to get upload URL: {message}". */
  uploadUrlFailed: 'Failed to get upload URL',
  directUploadStatus: (status: number) => `S3 upload failed with status: ${status}`,
  directUploadTimeout: 'S3 upload timed out',
  directUploadFailed: (file: string, reason: string) => `Direct S3 upload failed for ${file}: ${reason}`,
  // Closing the detail dialog mid-edit asks first: nothing typed is lost to one tap.
  leaveEditTitle: 'Leave without saving?',
  leaveEditDetail: 'Your changes to this memory have not been saved.',
  keepEditing: 'Keep editing',
  discardChanges: 'Discard changes',
  // memories §2: the empty timeline and spotlight, and the calendar's reset
  noMemoriesYet: 'No memories yet',
  timelineEmptyDetail: 'Capture your first memory to start your timeline',
  clearDate: 'Clear Date',
  timelinePageNotFound: 'This timeline does not exist or you are not one of its members.',
  // memories §2, §8: deleting a memory
  deleteMemoryTitle: 'Are you sure?',
  deleteMemoryDetail: 'This action cannot be undone. This will permanently delete your memory.',
  memoryDeleted: 'Memory deleted',
  /** Shown as "Failed to delete memory: {message}". */
  memoryDeleteFailed: 'Failed to delete memory',
  // issue 21: the words of the memory card, the detail dialog and its edit view (features/memories).
  cardDeleteMemory: (title: string) => `Delete memory ${title}`,
  cardOpenMemory: (title: string) => `Open memory ${title}`,
  cardVideoFrom: (title: string) => `Video from ${title}`,
  cardPhotoFrom: (title: string) => `Photo from ${title}`,
  detailLoading: 'Loading memory',
  detailUntitled: 'Memory',
  detailClose: 'Close memory',
  detailActions: 'Memory actions',
  detailEdit: 'Edit',
  detailShare: 'Share',
  detailDelete: 'Delete',
  hearYourVoice: 'Hear your voice',
  detailPhotoOf: (index: number, title: string) => `Photo ${index} of ${title}`,
  detailVideoOf: (index: number, title: string) => `Video ${index} of ${title}`,
  detailOpenFullScreen: (what: string) => `Open ${what} full screen`,
  detailWatchFullScreen: 'Watch full screen',
  memoryTagsLabel: 'Tags',
  editDateLabel: 'Date',
  editPhotosAndVideos: 'Photos and videos',
  editPhotoTile: (index: number) => `photo ${index}`,
  editVideoTile: (index: number) => `video ${index}`,
  editPhotoAlt: (index: number) => `Photo ${index}`,
  editVideoAlt: (index: number) => `Video ${index}`,
  editUndoKeep: (what: string) => `Undo: keep ${what}`,
  editDeleteTile: (what: string) => `Delete ${what}`,
  editNewPhoto: (name: string) => `New photo: ${name}`,
  editRemoveNewPhoto: (name: string) => `Remove new photo ${name}`,
  editNewVideo: (name: string) => `New video: ${name}`,
  editRemoveNewVideo: (name: string) => `Remove new video ${name}`,
  editAddVideos: (count: number, max: number) => `Add videos (${count}/${max})`,
  editChooseVideos: 'Choose videos',
  editUploading: (percent: number) => `Uploading... ${percent}%`,
  editUploadProgress: 'Upload progress',
  editSave: 'Save',

  // cards slice (issue 9 "Sharing", "Voice"): the private mark, the voice badge on cards and
  // timeline entries, and the spoken follow-up answers of the detail view.
  onlyYou: 'Only you',
  voiceBadge: 'Voice',
  playVoiceRecording: 'Play voice recording',
  pauseVoiceRecording: 'Pause voice recording',
  followUpAnswersHeading: 'Follow-up questions',
  playSpokenAnswer: 'Play spoken answer',
  pauseSpokenAnswer: 'Pause spoken answer',
  spokenAnswerPlaybackErrorDetail: "Couldn't play this spoken answer. Please try again later.",
  // issue 20 "Caught where it happens": every voice player shows where it is and can be moved.
  voicePosition: (what: string) => `Position in ${what}`,
  /** Shown beside the slider: "0:12 / 1:03". */
  voicePositionShown: (position: string, length: string) => `${position} / ${length}`,
  /** What a screen reader says of the slider: "0:12 of 1:03". */
  voicePositionSpoken: (position: string, length: string) => `${position} of ${length}`,
  voiceWhatRecording: 'voice recording',
  voiceWhatMemory: "this memory's recording",
  voiceWhatSpokenAnswer: 'spoken answer',
  voiceWhatComment: (name: string) => `voice comment from ${name}`,

  // memories §2, §4, §8: the memory detail dialog (read and edit views)
  detailMemoryNotAvailable: 'Memory not available',
  detailMemoryNotAvailableDetail: 'This memory could not be opened. It may have been deleted, or it is not shared with you.',
  detailMemoryDeleteFailed: 'Failed to delete memory. Please try again.',
  detailMemoryUpdated: 'Memory updated',
  detailMemoryUpdateFailed: 'Failed to update memory. Please try again.',
  detailMemoryUpdateFailedCause: 'Failed to update memory',
  detailMemoryUpdateNetworkError: 'Network error occurred',
  detailTimelinesUpdateFailed: 'Failed to update timelines. Please try again.',
  detailImageMarkedForDeletion: 'Image marked for deletion',
  detailVideoMarkedForDeletion: 'Video marked for deletion',
  detailMarkedForDeletion: 'Marked for deletion',
  detailMaxVideosReachedDetail: `You can have a maximum of ${MEMORY_VIDEOS_MAX} videos per memory`,
  detailMaxImagesReached: 'Maximum images reached',
  detailMaxImagesReachedDetail: `You can have a maximum of ${CAPTURE_IMAGES_MAX} images per memory`,
  detailVideoTooLarge: 'File too large',
  detailVideoTooLargeDetail: 'Video files must be smaller than 250MB. Please compress your videos or choose shorter clips.',
  detailAudioPlaybackError: 'Audio Playback Error',
  detailAudioPlaybackErrorDetail: "Couldn't play this audio recording. Please try again later.",
  detailCommentAudioPlaybackErrorDetail: "Couldn't play this voice comment. Please try again later.",
  detailNoAudio: 'No Audio Available',
  detailNoAudioDetail: "This memory doesn't have an audio recording.",
  // memories §2, §5, §8: comments in the detail dialog
  commentToastAdded: 'Comment added',
  commentToastDeleted: 'Comment deleted',
  commentToastAddFailed: 'Failed to add comment. Please try again.',
  commentToastDeleteFailed: 'Failed to delete comment. Please try again.',
  commentToastEmpty: 'Empty comment',
  commentToastEmptyDetail: 'Please write something or record a voice message.',
  // memories §2, §4, §8: the Share Memory dialog
  shareAllMembers: 'Share with All Timeline Members',
  shareMakePrivate: 'Make Memory Private',
  shareUpdateSettings: 'Update Sharing Settings',
  shareUpdated: 'Sharing preferences updated',
  shareUpdateFailed: 'Error updating sharing',
  shareUpdateFailedDetail: 'Failed to update memory sharing',
  shareMembersFetchFailed: (timelineId: string) => `Failed to fetch members for timeline ${timelineId}`,
  // issue 20 "Who sees a memory": the audience of the current selection in words, under the
  // wizard's sharing choice and in the Share dialog. Names are joined 'A', 'A and B', 'A, B and C'.
  audienceTimeline: (timelineNames: readonly string[]) =>
    `Everyone on ${timelineNames.length > 1 ? `${timelineNames.slice(0, -1).join(', ')} and ${timelineNames.at(-1)}` : (timelineNames[0] ?? 'this timeline')}, including people who join later`,
  audiencePeople: (count: number, onlyName: string) => (count === 1 ? `Only you and ${onlyName}` : `Only you and the ${count} people you chose`),
  audiencePrivate: 'Only you',
  /** The Share dialog's one box while nobody else is on the memory's timelines. */
  shareWithJoiners: 'Everyone who joins can see it',
  // The wizard's 'Selective Sharing' while nobody else is on the chosen timelines: they will see it when they join.
  sharingSelectiveDescription: 'Choose which timeline members can view',
  sharingSelectiveAloneDescription: 'Your family will see it as they join the timeline',
  sharingNobodyElseYet: 'No one else is on the chosen timelines yet. Everyone who joins will see this memory.',

  // DESIGN "AI", memories §7: POST /api/audio/transcribe
  transcriptionNotConfigured: 'Transcription is not configured',
  transcriptionFailed: 'Transcription failed',
  // DESIGN "Edge decisions" and "Media": audio is WebM, Ogg, MP4/M4A, MPEG or WAV, checked by its bytes, up to 50 MB.
  audioTypeRefused: 'Please send an audio recording (WebM, Ogg, MP4/M4A, MP3 or WAV)',
  audioTooLarge: `Audio recordings must be ${AUDIO_MAX_BYTES / 1024 / 1024} MB or smaller`,
  audioMissing: 'Please send the recording in the audio field',
  audioOneOnly: 'Send one recording at a time',
  // issue 19: the per-user limits of the calls that reach the operator's AI services (429, with Retry-After)
  transcriptionsTooMany: `Too many transcriptions: at most ${AI_CALL_LIMITS.transcription.calls} an hour. Please try again later`,
  followUpsTooMany: `Too many follow-up questions: at most ${AI_CALL_LIMITS.followUp.calls} an hour. Please try again later`,
  promptRefreshesTooMany: `Too many new prompts: at most ${AI_CALL_LIMITS.promptRefresh.calls} an hour. Please try again later`,
  // memories §7: POST /api/prompts/follow-up
  followUpContentInvalid: 'memoryContent must be text',
  followUpContentTooLong: `memoryContent must be at most ${FOLLOW_UP_CONTENT_MAX} characters`,
  followUpPreviousInvalid: `previousQuestions must be a list of questions, each at most ${FOLLOW_UP_QUESTION_MAX} characters`,
  followUpPreviousTooMany: `previousQuestions may hold at most ${FOLLOW_UP_PREVIOUS_MAX} questions`,
  // DESIGN "Edge decisions": POST /api/upload/presigned-url and PUT /api/upload/direct/{ticket}
  // (the presigned flow takes videos only: videoTypeRefused, videoTooLarge above).
  directUploadFileNameInvalid: 'fileName must be the name of the chosen file (at most 255 characters)',
  directUploadTicketInvalid: 'This upload link is invalid or has expired. Please start the upload again',
  directUploadAttached: 'This upload already belongs to a memory and cannot be replaced',
  directUploadTypeMismatch: (expected: string) => `This upload link takes ${expected} files only; send the file with Content-Type ${expected}`,

  // server-voice (issue 9 "Voice"; DESIGN "Voice is never dropped"): the recordings' lengths
  // and the follow-up answers sent with POST /api/memories, and the title and prompt of
  // POST /api/prompts/follow-up.
  audioDurationInvalid: `audioDuration must be a number of seconds from 0 to ${AUDIO_DURATION_MAX_S}`,
  audioDurationWithoutAudio: 'audioDuration was sent without an audio recording',
  followUpResponsesInvalid: 'followUpResponses must be a JSON list of {question, answer, hasAudio, audioDuration?}',
  followUpResponsesTooMany: `followUpResponses may hold at most ${FOLLOW_UP_RESPONSES_MAX} answers`,
  followUpResponseQuestionInvalid: `Each follow-up question must be text of 1 to ${FOLLOW_UP_QUESTION_MAX} characters`,
  followUpResponseAnswerInvalid: `Each follow-up answer must be text of at most ${FOLLOW_UP_ANSWER_MAX} characters`,
  followUpResponseHasAudioInvalid: 'Each follow-up answer must say whether it has a recording (hasAudio: true or false)',
  followUpResponseDurationInvalid: `Each follow-up audioDuration must be a number of seconds from 0 to ${AUDIO_DURATION_MAX_S}, and only for an answer with a recording`,
  followUpAudioCountMismatch: (expected: number, sent: number) =>
    `${expected} follow-up ${expected === 1 ? 'answer has' : 'answers have'} a recording (hasAudio), but ${sent} followUpAudio ${sent === 1 ? 'file was' : 'files were'} sent`,
  followUpTitleInvalid: `title must be text of at most ${FOLLOW_UP_QUESTION_MAX} characters`,
  followUpPromptInvalid: `prompt must be text of at most ${FOLLOW_UP_QUESTION_MAX} characters`,

  // legible (issue 9 "Easy to see and to press"; DESIGN "Text size"): the per-device text
  // size on the profile page, and the name of a toast's close button.
  textSizeLabel: 'Text size',
  textSizeDescription: 'Makes words and buttons bigger on this device. Other devices keep their own size.',
  textSizeNormal: 'Normal',
  textSizeLarge: 'Large',
  textSizeExtraLarge: 'Extra large',
  closeNotification: 'Close notification',

  // ---- issue 9 "First run" slice: sign-in and sign-up, invite landings, onboarding's
  // timeline step, home's empty chooser, the side menu. Spec strings verbatim.
  // DESIGN "Signed-out pages": /login and /signup
  authWelcomeBack: 'Welcome back',
  authSignInSubtitle: "Sign in to your family's memories",
  authEmail: 'Email',
  authPassword: 'Password',
  authSignIn: 'Sign In',
  authOr: 'or',
  authContinueWith: (provider: string) => `Continue with ${provider}`,
  authNewHere: 'New to Heirloom?',
  authCreateAnAccount: 'Create an account',
  authCreateYourAccount: 'Create your account',
  authSignUpSubtitle: "Start keeping your family's memories",
  authPasswordHelp: `At least ${PASSWORD_MIN} characters`,
  authDisplayName: 'Display name',
  authDisplayNameHelp: 'How your family will see you (optional)',
  authCreateAccount: 'Create Account',
  authHaveAccount: 'Already have an account?',
  authSignInLink: 'Sign in',
  // accounts §2 "Timeline invite page", "Family invite page"; issue 9: a newcomer creates an
  // account right on the invite, with signing in one tap away.
  inviteCreateAccountHeading: 'Create your account to join',
  inviteCreateAccountHelp: 'New to Heirloom? It takes a minute, and you join as soon as your account is made.',
  inviteHaveAccount: 'I already have an account',
  inviteSignInToJoin: 'Sign In to Join',
  inviteLogInToJoin: 'Log In to Join',
  inviteMaybeLater: 'Maybe Later',
  inviteLoading: 'Loading invite...',
  inviteInvalid: 'Invalid Invite',
  inviteMissingCode: 'This invite link is missing its code.',
  inviteNotFoundTitle: 'Invite Not Found',
  inviteLoadFailed: 'Failed to load invite',
  inviteNoLongerValid: 'This invite is no longer valid or has expired.',
  inviteGoHome: 'Go Home',
  inviteYourTimeline: 'Your Timeline',
  inviteYourTimelineDetail: 'You cannot use your own invitation link. This timeline already belongs to you.',
  inviteGoToDashboard: 'Go to Dashboard',
  inviteYoureInvited: "You're Invited!",
  inviteExpires: 'Expires in 48 hours',
  inviteInvitedYouToJoin: 'invited you to join',
  inviteSomeone: 'Someone',
  inviteJoinTimeline: 'Join Timeline',
  inviteJoiningTimeline: 'Joining Timeline...',
  inviteSuccess: 'Success!',
  inviteJoinTimelineFailed: (message: string) => `Failed to join timeline: ${message}`,
  inviteProcessFailed: 'Failed to process invitation',
  familyInvitation: 'Family Invitation',
  familyAlreadyIn: 'Already in a Family',
  familyAlreadyInDetail: (family: string) => `You already belong to ${family}.`,
  familyView: 'View Your Family',
  familyJoin: 'Join Family',
  familyJoining: 'Joining...',
  familyJoined: 'You have joined the family group',
  familyJoinFailed: (message: string) => `Failed to join family: ${message}`,
  familyConflictTitle: 'Family Name Conflict',
  familyConflictText: (family: string) => `You already belong to a family. You can merge your family with ${family}.`,
  familyMergeWarningsTitle: 'Before you merge',
  // DESIGN "Families", amended 2026-11-25 (issue 19): what a merge widens, and who may merge.
  familyMergeWarnings: [
    'This merge cannot be undone.',
    'Memories shared with everyone on their timelines become shared with all members of both families.',
    'Memories shared with only some people, and private memories, stay as they are.',
    'Only the person who created your family can merge it.',
    'Only merge families that are related.',
  ],
  familyMergeCancel: 'Cancel',
  familyMerge: 'Merge Families',
  familyMerged: "Family groups have been merged and you've joined the family",
  familyMergeFailed: 'Failed to merge families',
  /** A refusal the person can act on (issue 19: only the family's creator merges), with its reason. */
  familyMergeRefused: (message: string) => `Failed to merge families: ${message}`,
  // accounts §2 "Profile setup", step 2; issue 9: for an invited user skipping is the main choice.
  setupFirstTimelineTitle: 'Create Your First Timeline',
  setupPersonalTimelineTitle: 'Create Your Personal Timeline',
  setupTimelineIntro: 'A timeline is where your memories are kept. Name it after your family, or whoever you will share them with.',
  setupPersonalIntro: (shared: string | null) =>
    `You already belong to ${shared ? `the shared timeline "${shared}"` : 'the shared timeline'}, so you can start sharing memories straight away. You can also create a personal timeline for memories of your own, or skip this for now.`,
  setupPersonalOr: 'Or keep a timeline of your own',
  setupTimelineName: 'Timeline Name',
  setupTimelineNameHelp: "For example: Our Family, The Smiths, Grandma's Stories, Summer Holidays",
  setupTimelineNamePlaceholder: 'e.g. Our Family',
  setupCreateTimeline: 'Create Timeline',
  setupCreatePersonalTimeline: 'Create My Personal Timeline',
  setupBack: 'Back',
  setupSkipForNow: 'Skip for Now',
  setupSkipRefusedTitle: 'Create a timeline first',
  setupSkipRefused: "Your memories are kept on a timeline, so setup can't be skipped until you have one. You can rename it later.",
  // accounts §2 Home: the chooser with no timeline is never a dead end (issue 9).
  homeNoTimelines: 'No timelines yet',
  homeNoTimelinesDetail: 'Create a timeline to start collecting memories with your family.',
  homeCreateTimeline: 'Create a timeline',
  // accounts §2 "App shell": the side menu, with Communities (/community) beside Manage Timelines.
  // issue 21: the shell's header and bottom navigation (web/src/shell).
  shellOpenMenu: 'Open menu',
  shellSearchMemories: 'Search memories',
  shellMainNavigation: 'Main',
  shellHome: 'Home',
  shellNotificationsUnread: (count: number) => `Notifications, ${count} unread`,
  menuTitle: 'Menu',
  menuClose: 'Close menu',
  menuManageTimelines: 'Manage Timelines',
  menuCommunities: 'Communities',
  menuDownload: 'Download Memories',
  menuSettings: 'Settings',
  menuExtras: 'Extras',
  menuDarkTheme: 'Dark theme',
  menuSignOut: 'Sign Out',
  setupProfileTitle: 'Set Up Your Profile',
  setupStepOf: (step: number, of: number) => `Step ${step} of ${of}`,
  homeExtrasTitle: 'More ways to celebrate your memories',
  homeExtrasDetail: 'Interviews, calendars, collages and more are on their way.',
  // Home (accounts §2; memories §2 "Home memory spotlight", §4 "Onboarding tooltips"), moved
  // here from home's components in issue 21.
  homeActiveTimeline: (name: string) => `Active timeline: ${name}. Choose another timeline`,
  homeChooserClose: 'Close',
  homeSpotlightTitle: 'Memory Spotlight',
  homeSpotlightFailed: 'Could not load a memory',
  homeSpotlightRandom: 'Random Memory',
  homeSpotlightHide: 'Hide',
  homeSpotlightReveal: 'Tap to reveal a memory',
  homeSpotlightRevealDetail: "One of your family's memories, picked at random.",
  homeTooltipGotIt: 'Got it!',
  homeWelcomeTooltipLabel: 'Welcome to Heirloom',
  homeWelcomeTooltipTitle: 'Welcome to Heirloom!',
  homeWelcomeTooltipDetail: "Reveal today's prompts for inspiration, then tap the + button below to capture your first memory.",
  homeTimelineTooltipLabel: 'Your timeline',
  homeTimelineTooltipTitle: 'Your memory is on your timeline',
  homeTimelineTooltipDetail: 'Tap Timeline below to see your memories by month.',
  familyConflictClose: 'Close dialog',
  // ---- end of the "First run" slice
  // ---- issue 9 "legibility leftovers" slice: guidance as help text, not only a placeholder.
  editTagsHelp: `Type a tag and press Enter to add it (up to ${MEMORY_TAGS_MAX}).`,
  // ---- end of the "legibility leftovers" slice
  // Invite links (accounts §5, §6): their toasts.
  inviteLinkFailed: 'Failed to create invite link',
  inviteLinkCreated: 'Invite link created',
  // accounts §2 "Add People" and §8: its button and its refusal.
  inviteGenerateButton: 'Generate Invite Link',
  inviteTimelineFailed: 'Failed to create timeline invite',
  linkReady: 'Link ready',
  // Issue 20 "shown where it is made": the link in a read-only field, its life in words
  // (DESIGN: INVITE_TTL_HOURS, 48 by default), Copy and Share beside it.
  inviteLinkField: 'Invite link',
  inviteExpiresInHours: (hours: number) => (hours === 1 ? 'Expires in 1 hour' : `Expires in ${hours} hours`),
  inviteExpiresInMinutes: (minutes: number) => (minutes === 1 ? 'Expires in 1 minute' : `Expires in ${minutes} minutes`),
  inviteExpired: 'This link has expired. Make a new one.',
  inviteCopy: 'Copy',
  inviteCopied: 'Copied',
  inviteLinkCopiedAnnounced: 'Invite link copied to the clipboard',
  inviteShare: 'Share',
  inviteCopyByHand: 'Select the link in the field and copy it.',
  inviteTimelineShareTitle: (name: string) => `Join ${name} Timeline`,
  inviteTimelineShareText: (name: string) => `You're invited to share family memories on the ${name} timeline in Heirloom.`,
  inviteFamilyShareTitle: 'Join my family on Heirloom',
  inviteFamilyShareText: "You're invited to keep our family's memories together in Heirloom.",
  // Issue 20: home, when the timeline has no one else on it yet.
  homeInviteFamilyTitle: 'Invite your family',
  homeInviteFamilyDetail: (name: string) => `Only you are on ${name} so far. Send your family a link and they can join it.`,
  homeInviteFamilyButton: 'Make an invite link',
  // Issue 20: the welcome page leads a newcomer to creating an account, signing in one tap away.
  welcomeHaveAccount: 'I already have an account',

  // Search (memories §2, §5, §8; issue 10).
  searchTitle: 'Search Memories',
  searchHint: 'Enter at least 2 characters to search',
  searchNoResults: 'No results found',
  searchTooShort: 'Enter at least 2 characters to search',
  searchTooLong: 'Search text can be at most 200 characters',
  searchDayInvalid: (field: 'start' | 'end') => `${field} must be a date written yyyy-MM-dd`,
  searchRangeReversed: 'The start date cannot be after the end date',
  searchTimelineIdsInvalid: 'timelineIds must be timeline ids separated by commas',
  searchWithImagesInvalid: 'withImages must be true or false',

  // Archives (memories §3, §7, §8; issue 10).
  downloadFailed: 'Download failed',
  downloadFailedDetail: 'Unable to download memory. Please try again.',
  downloadMemoryFailed: 'Failed to download memory',
  downloadComplete: 'Download Complete',
  bulkDownloadTitle: 'Bulk Download Memories',
  bulkDownloadAll: 'Download All',
  bulkDownloadCompleteDetail: 'Success! Check your local download folder to access your memories.',
  bulkDownloadFailed: 'Download Failed',
  bulkDownloadFailedDetail: 'Unable to download memories. Please try again.',
  bulkStartInFuture: 'The start date cannot be in the future',
  bulkEndInFuture: 'The end date cannot be in the future',
  bulkStartAfterEnd: 'The start date cannot be after the end date',
  archiveMonthInvalid: 'month must be written yyyy-MM',
  archiveMonthEmpty: 'There are no memories to download in this month',
  archiveRangeInvalid: (field: 'start' | 'end') => `${field} must be a date and time in ISO 8601`,
  // The web's search dialog, the memory's Download and the bulk download dialog (issue 10 "Web").
  searchClose: 'Close search',
  searchLabel: 'Search your memories',
  searchHelp: 'Words from a title, the notes or a transcription',
  searchDates: 'Dates',
  searchAnyDate: 'Any date',
  searchClearDates: 'Clear dates',
  searchTimelines: 'Timelines',
  searchAllTimelines: 'All timelines',
  searchClearTimelines: 'Clear timelines',
  searchWithImages: 'Only memories with photos',
  searchSearching: 'Searching…',
  searchResults: 'Search results',
  searchResultCount: (count: number) => (count === 1 ? '1 memory found' : `${count} memories found`),
  datesNextMonth: 'Next month',
  datesPreviousMonth: 'Previous month',
  downloadMemory: 'Download',
  downloadingMemory: (percent: number | null) => (percent === null ? 'Downloading…' : `Downloading… ${percent}%`),
  bulkDownloadClose: 'Close bulk download',
  bulkFromTimeline: (timeline: string) => `Memories on ${timeline}, saved as one zip file for each month.`,
  bulkFromEverything: 'Every memory you can see, saved as one zip file for each month.',
  bulkStartDate: 'Start date',
  bulkEndDate: 'End date',
  bulkPickDay: 'Pick a day',
  bulkClearDay: (field: string) => `Clear ${field.toLowerCase()}`,
  bulkChooseDates: 'Choose a start and an end date to see the memories to download.',
  bulkPreviewLoading: 'Finding memories',
  bulkPreviewFailed: 'Could not find the memories between these dates.',
  bulkPreviewRetry: 'Try again',
  bulkPreviewEmpty: 'No memories between these dates',
  bulkPreviewCount: (memories: number, months: number) =>
    `${memories === 1 ? '1 memory' : `${memories} memories`} in ${months === 1 ? '1 month' : `${months} months`}`,
  bulkPreviewLabel: 'Memories to download',
  bulkMemoryCount: (count: number) => (count === 1 ? '1 memory' : `${count} memories`),
  bulkMonthProgress: (month: number, months: number) => `Month ${month} of ${months}`,
  bulkDownloadProgress: 'Download progress',
  bulkKeepOpen: 'Keep this dialog open until every month has downloaded.',
  bulkMonthsSkipped: 'These months could not be downloaded',
  bulkStop: 'Stop',

  // The download proxy (DESIGN "download-proxy"; issue 10).
  proxyUrlNotAllowed: 'URL not allowed',
  proxyRequestFailed: 'Proxy request failed',
  proxyUrlMissing: 'url is required: the address of a media file to download',
  proxyUrlInvalid: 'url is not a valid address',

  // Idempotency-Key on the creating posts (issue 20 "Never twice"; common/idempotency.ts).
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 printable ASCII characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request; send a new key',
  idempotencyKeyInFlight: 'A request with this Idempotency-Key is still being handled. Please try again in a moment',

  // Caught where it happens (issue 20): files checked by their bytes as they are chosen
  // (common/media-sniff.ts), the photo limit said kindly, the title's length in its field.
  fileNotAPhoto: (name: string) => `${name} is not a photo we can read`,
  fileNotAVideo: (name: string) => `${name} is not a video we can play`,
  photosKeptFirst: (max: number) => `A memory holds up to ${max} photos, so we kept the first ${max}.`,
  fileNotAdded: (name: string) => `${name} was not added`,
  titleLengthHint: (max: number) => `Up to ${max} characters`,
  titleCharactersLeft: (left: number) => (left === 1 ? '1 character left' : `${left} characters left`),
  titleTooLongInField: (max: number) => `A title can be up to ${max} characters, so we kept the first ${max}.`,
  titleRestMovedToNotes: (max: number) => `A title can be up to ${max} characters, so the rest is now at the start of the notes.`,

  // ---- issue 21 "The web in one style": the words the web's screens show, named for what
  // they say, each screen's group together. The rule react/jsx-no-literals (eslint.config.js)
  // keeps them here. Spec strings verbatim.
  // Words many screens share.
  appName: 'Heirloom',
  captureAMemory: 'Capture a Memory',
  back: 'Back',
  cancel: 'Cancel',
  next: 'Next',
  continue: 'Continue',
  done: 'Done',
  yes: 'Yes',
  no: 'No',
  send: 'Send',
  stop: 'Stop',
  play: 'Play',
  pause: 'Pause',
  refresh: 'Refresh',
  selectAll: 'Select All',
  saveChanges: 'Save Changes',
  tryAgain: 'Try again',
  goHome: 'Go Home',
  closeDialog: 'Close dialog',
  timeline: 'Timeline',
  timelines: 'Timelines',
  timelineMembers: 'Timeline members',
  createTimeline: 'Create Timeline',
  notesLabel: 'Notes',
  transcriptionLabel: 'Transcription',
  videoBadge: 'Video',
  stopRecording: 'Stop recording',
  removeRecording: 'Remove recording',
  transcriptionProgress: 'Transcription progress',
  // accounts §2 "Welcome page": the four feature bullets.
  welcomeFeatures: [
    'Capture moments with text, photos and audio',
    'Daily prompts to help you remember and reflect',
    'Private communities for your family and friends',
    'Memory flashbacks that bring the past back to you',
  ],
  // The capture wizard's steps (memories §2, §5): start, follow-up prompt, questions, timeline, sharing.
  captureTitleLabel: 'Title',
  captureTitlePlaceholder: 'Give your memory a title',
  captureNotesDescription: 'What happened? Who was there? How did it feel?',
  captureVoiceHeading: 'Voice',
  captureYourVoiceRecording: 'Your voice recording',
  captureVoiceRecording: 'Voice recording',
  captureTranscriptionDescription: 'Add what you said, if the transcription is missing',
  capturePhotosAndVideo: 'Photos and video',
  captureAddPhotos: (count: number, max: number) => `Add photos (${count}/${max})`,
  captureAddVideo: 'Add video',
  captureChoosePhotos: 'Choose photos',
  captureChooseVideo: 'Choose a video',
  captureChosenMedia: 'Chosen media',
  capturePhotoPreview: (number: number, file: string) => `Photo ${number}: ${file}`,
  captureRemovePhoto: (number: number) => `Remove photo ${number}`,
  captureVideoPreview: (file: string) => `Video: ${file}`,
  captureRemoveVideo: 'Remove video',
  captureFollowUpAsk: 'Would you like to answer a follow-up question?',
  captureFollowUpAskDetail: 'A question about your memory can help you add details you might otherwise forget. Choose No if your memory is ready to save.',
  followUpQuestionHeading: 'Follow-up question',
  followUpAnsweredCount: (count: number) => `${count} answered`,
  followUpThinking: 'Thinking of a question...',
  followUpYourAnswer: 'Your answer',
  followUpYourAnswerDescription: 'Type your answer, or record it with the microphone button',
  followUpRecordAnswer: 'Record answer',
  /** "Recording 0:12 / 0:30": the answer's recording and its limit. */
  followUpRecordingElapsed: (elapsed: string, max: string) => `Recording ${elapsed} / ${max}`,
  followUpAnotherQuestion: 'Another question',
  followUpSaveAndExit: 'Save and exit',
  captureWhichTimelines: 'Which timelines should this memory be on?',
  captureNoTimelinesYet: 'You have no timelines yet. Create one for this memory:',
  captureChooseAtLeastOne: 'Choose at least one',
  sharingWhoCanSee: 'Who can see this memory?',
  sharingPrivate: 'Private',
  sharingPrivateDescription: 'Only visible to you',
  sharingSelective: 'Selective Sharing',
  sharingMembersWhoCanView: 'Members who can view',
  sharingSomeoneNew: 'Want to share with someone new?',
  sharingInviteMembers: 'Invite members',
  captureUploadingVideo: (percent: number) => `Uploading video... ${percent}%`,
  captureSavingMemory: (percent: number) => `Saving memory... ${percent}%`,
  captureVideoUploadProgress: 'Video upload progress',
  captureSaveProgress: 'Save progress',
  captureSaveMemory: 'Save Memory',
  // The voice recorder (memories §4, §8).
  voiceRecorderTitle: 'Voice Recorder',
  voiceRecorderClose: 'Close voice recorder',
  voiceTranscribing: 'Transcribing your recording...',
  voicePreparing: 'Preparing microphone...',
  voiceStopping: 'Stopping...',
  voiceRecording: 'Recording',
  voiceElapsed: 'Elapsed time',
  voiceStopsIn: (seconds: number) => `Recording stops in ${seconds} ${seconds === 1 ? 'second' : 'seconds'} (10-minute limit).`,
  // A memory's comments (memories §2, §3; DESIGN "Comments").
  commentsHeading: (count: number) => (count > 0 ? `Comments (${count})` : 'Comments'),
  commentsLoading: 'Loading comments',
  commentsLoadFailed: 'Could not load comments',
  commentsNone: 'No comments yet. Be the first to say something.',
  commentList: 'Comment list',
  commentBy: (name: string) => `Comment by ${name}`,
  commentPlayVoice: (name: string) => `Play voice comment from ${name}`,
  commentPauseVoice: (name: string) => `Pause voice comment from ${name}`,
  commentDelete: (name: string) => `Delete comment from ${name}`,
  commentWriteLabel: 'Write a comment',
  commentWritePlaceholder: 'Share a thought or a memory of your own',
  commentRecordVoice: 'Record a voice comment',
  commentStopAndSend: 'Stop recording and send',
  commentRecordingElapsed: (elapsed: string) => `Recording ${elapsed}`,
  commentSendingVoice: 'Sending your voice comment...',
  commentSendVoiceAgain: 'Send voice comment again',
  // accounts §2 Communities: the page, the family card and the invite cards.
  communitiesTitle: 'Communities',
  communitiesIntro: 'Manage who belongs to each of your timelines and share invite links.',
  communitiesNoTimelines: 'No Timelines Found',
  communitiesNoTimelinesDetail: 'Create your first timeline to start managing communities.',
  yourFamily: 'Your Family',
  familyCardIntro: 'A family group shares its memories across all of its timelines.',
  familyMembers: 'Family members',
  createFamilyInviteLink: 'Create Family Invite Link',
  /** A failed invite link of a family, or of a timeline outside Manage Timelines. */
  inviteCreateFailed: (message: string) => `Failed to create invite: ${message}`,
  inviteToTimeline: 'Invite to Timeline',
  inviteToTimelineDetail: (timeline: string) => `A new invite link for ${timeline} will be created. Anyone with the link can join for the next 48 hours.`,
  createInviteLink: 'Create Invite Link',
  inviteLinkHeading: 'Invite Link',
  // accounts §2 "Extras page".
  extrasTitle: 'Extras',
  extrasIntro: "New ways to enjoy, share and keep your family's memories.",
  extrasFeedbackInvite: "We're building new ways to bring your family's stories to life. Tell us what you would love to see next.",
  // DESIGN "Notifications": the panel.
  notificationsTitle: 'Notifications',
  notificationsClose: 'Close notifications',
  notificationsUnread: (count: number) => `${count} unread`,
  notificationsAllCaughtUp: 'All caught up',
  notificationsMarkAllRead: 'Mark all read',
  notificationsLoading: 'Loading notifications',
  notificationsLoadFailed: 'Could not load notifications',
  notificationsNone: 'No notifications yet',
  notificationsNoneDetail: 'When someone shares a memory with you or comments on one, you will see it here.',
  notificationsList: 'Notifications list',
  /** Read before an unread notification's title, by screen readers only. */
  notificationUnread: 'Unread: ',
  // accounts §2 "Install screen" and "Profile setup", step 1.
  installTitle: 'Add It to Your Home Screen',
  installIntro:
    'Heirloom is a website, not an app: there is nothing to download from an app store. Add it to your home screen and it opens full screen with one tap, just like an app.',
  installAdd: 'Add to Home Screen',
  installAdded: "I've added it to my home screen",
  installLater: "I'll do it later",
  setupProfileIntro: 'Tell your family who you are. You can change this any time in Settings.',
  setupYourNewPicture: 'Your new picture',
  setupAddPicture: 'Add a picture (optional)',
  setupDisplayNameDescription: 'How your family will see you',
  setupDisplayNamePlaceholder: 'e.g. Grandma Rose',
  setupSettingUp: 'Setting up...',
  setupContinueToTimeline: 'Continue to Timeline',
  setupSkipProfile: 'Skip Profile Setup',
  // accounts §2 "Profile page".
  profileTitle: 'Profile',
  profileDisplayName: 'Display Name',
  profileDisplayNameDescription: 'How your family sees you',
  profileEmail: 'Email',
  profileMyInformation: 'My Information',
  profilePicturePreview: 'Preview of your new picture',
  profilePictureHint: 'Change your picture with the camera button',
  profileUploadImage: 'Upload Image',
  profilePictureChange: 'Change',
  profilePictureChangeLabel: 'Change profile picture',
  // Issue 22 "Words for every voice": the profile page says which engine writes the words
  // (GET /api/config transcription), and when there is none, quietly, how to get one.
  transcriptionEngineTitle: 'Words for recordings',
  transcriptionEngineLocal: (model: string | null) =>
    `Words for recordings are written on this server${model ? ` (${model})` : ''}; no recording leaves it to be transcribed.`,
  transcriptionEngineService: (model: string | null) =>
    `Words for recordings are written by the transcription service this server is set up with${model ? ` (${model})` : ''}.`,
  transcriptionEngineNone:
    'Recordings are kept without their words for now. Whoever runs this server can have them written on it with "npm run models:get -- base" and a restart.',
  // accounts §2 Home: today's prompts.
  promptsTitle: "Today's Prompts",
  promptsLoadFailed: "Today's prompts could not be loaded. Try Refresh.",
  promptsLookingBack: 'Looking Back...',
  promptsLookingForward: 'Looking Forward...',
  promptsTapToReveal: 'Tap to reveal',
  // memories §2 "Share Memory".
  shareMemoryTitle: 'Share Memory',
  shareMemoryClose: 'Close share dialog',
  shareMemoryIntro: "Choose who on this memory's timelines can see it.",
  shareMemoryLoadingMembers: 'Loading members',
  shareMemoryNobodyElse: "Nobody else is on this memory's timelines yet.",
  // memories §2 "Timeline page": the feed, its entries, the day filter and the image viewer.
  timelineLoading: 'Loading memories',
  timelineLoadFailed: 'Could not load this timeline',
  timelineNoMemoriesOnDay: 'No memories on this day',
  timelineLoadMore: 'Load more',
  timelineLoadingMore: 'Loading more memories',
  timelineLoadMoreFailed: 'Could not load more memories',
  timelineLoadMoreFailedDetail: "Please try 'Load more' again.",
  timelineViewPhoto: (number: number, of: number, title: string) => `View photo ${number} of ${of} from ${title}`,
  timelineVideoFrom: (title: string) => `Video from ${title}`,
  /** A memory's card and timeline entry: the button that opens it. */
  viewMemory: 'View memory',
  timelineViewMemoryOf: (title: string) => `View memory: ${title}`,
  dayFilter: 'Filter by date',
  dayFilterChosen: (day: string) => `Filter by date: ${day}`,
  dayWithMemories: (day: string) => `${day}, has memories`,
  dayFilterLoading: 'Finding days with memories…',
  dayFilterFailed: 'Could not load the days with memories.',
  datesPreviousYear: 'Previous year',
  datesNextYear: 'Next year',
  imageViewerTitle: (title: string) => `Photos from ${title}`,
  imageViewerPhoto: (number: number, of: number, title: string) => `Photo ${number} of ${of} from ${title}`,
  imageViewerCounter: (number: number, of: number) => `${number} of ${of}`,
  imageViewerPrevious: 'Previous photo',
  imageViewerNext: 'Next photo',
  imageViewerClose: 'Close image viewer',
  // accounts §2 "Manage Timelines dialog".
  manageTimelinesTitle: 'Manage Timelines',
  addPeople: 'Add People',
  noTimelinesAvailable: 'No timelines available',
  members: 'Members',
  noMembersFound: 'No members found',
  memberIsYou: 'You',
  memberOfTimeline: 'Timeline Member',
  timelineNameLabel: 'Timeline name',
  timelineNamePlaceholder: 'e.g. Our Family',
  timelineColour: 'Colour',
  // accounts §8: an error toast is titled "Error" unless noted.
  errorTitle: 'Error',
  /** A person with no name at all, where a name is shown beside their picture. */
  unnamedUser: 'User',
  closeViewer: 'Close viewer',
  // accounts §2 Manage Timelines, tab "Timelines" (TimelinesTab), with its §8 toasts.
  newTimeline: 'New timeline',
  timelineDefaultBadge: 'Default',
  setAsDefault: 'Set as default',
  setTimelineAsDefault: (timeline: string) => `Set ${timeline} as default`,
  editTimelineOf: (timeline: string) => `Edit ${timeline}`,
  deleteTimelineOf: (timeline: string) => `Delete ${timeline}`,
  saveTimeline: 'Save',
  deleteTimelineTitle: 'Delete Timeline',
  deleteTimelineConfirm: (timeline: string) => `Delete ${timeline}? All of its memories will be permanently deleted. This cannot be undone.`,
  confirmDeleteTimeline: 'Delete',
  timelineUpdated: 'Timeline updated',
  timelineUpdateFailed: 'Failed to update timeline',
  timelineDeleted: 'Timeline deleted',
  timelineDeletedDetail: 'The timeline and all its memories were permanently deleted.',
  timelineDeleteFailed: 'Failed to delete timeline',
  defaultTimelineUpdated: 'Default timeline updated',
  defaultTimelineUpdateFailed: 'Failed to set default timeline.',
  // accounts §2 Communities: a timeline's members card (MembersCard), with its §8 toasts.
  timelineMembersHeading: (timeline: string) => `${timeline} Members`,
  timelineMemberCount: (count: number) => (count === 1 ? '1 member' : `${count} members`),
  inviteToTimelineButton: 'Invite...',
  timelineMembersOf: (timeline: string) => `${timeline} members`,
  noMembersInTimeline: 'No members in this timeline yet',
  removeMemberOf: (member: string) => `Remove ${member}`,
  removeMemberTitle: 'Remove Member',
  removeMemberConfirm: (member: string, timeline: string) =>
    `Remove ${member} from ${timeline}? They will no longer see or interact with the memories on this timeline.`,
  confirmRemoveMember: 'Remove',
  memberRemoved: 'Member removed',
  memberRemoveFailed: (message: string) => `Failed to remove member: ${message}`,
  // ---- end of issue 21's screens

  // ---- issue 23: storytellers and questions, the server's refusals
  storytellerReminderInvalid: 'Choose a day, a time (HH:mm) and a time zone for the reminder.',
  storytellerNotFound: 'Storyteller not found',
  storytellerManagersOnly: 'Only the person who added this storyteller and the timeline\'s owner can change them.',
  storytellerNoActiveLink: 'This storyteller has no link. Make a new one to share it.',
  tellLinkNotFound: 'This link no longer works. Ask your family for a new one.',
  tellLinkTooManyGuesses: 'Too many tries from this address. Please wait a few minutes and try again.',
  storytellerAddressReserved: 'That e-mail address cannot be used to sign up.',
  questionTextRequired: 'Write the question you would like answered.',
  questionTextTooLong: 'A question may be at most 500 characters.',
  questionForInvalid: 'That storyteller is not on this timeline.',
  questionNotFound: 'Question not found',
  questionAskerOnly: 'Only the person who asked this question can delete it.',
  questionStorytellerCannotAsk: 'Storytellers answer the questions; the family asks them.',
  questionNotForStoryteller: 'That question is not one of yours to answer.',
  questionAlreadyAnswered: 'That question has already been answered.',
  questionAnsweredTitle: (storyteller: string) => `${storyteller} answered your question`,
  // ---- end of issue 23's server messages

  // ---- issue 23: the family's storyteller screens

  // ---- end of the family's storyteller screens

  // ---- issue 23: the storyteller's page (/tell/{token})

  // ---- end of the storyteller's page

  // ---- issue 23: e-mail (password reset, reminders, members' mail)
  // every mail's layout (server/mail/compose.ts)
  mailSubjectWithFamily: (subject: string, familyName: string) => `${subject} · ${familyName}`,
  mailFooter: (origin: string) => `Sent by Heirloom at ${origin}`,

  // ---- end of e-mail
} as const;

/** accounts §2 "Extras page": the nine features, in the order the page and the dialog show them. */
export const extrasFeatureNames = [
  'Intergenerational Interview',
  'Create Calendar',
  'Compile Story',
  'Memory Timeline',
  'Photo Collage',
  'Family Tree',
  'Memory Gifts',
  'Legacy Letters',
  'AI Memory Assistant',
] as const;
export type ExtrasFeatureName = (typeof extrasFeatureNames)[number];

/** accounts §2 "Extras page": what each feature will do, under its name on the page. */
export const extrasFeatureDescriptions: Record<ExtrasFeatureName, string> = {
  'Intergenerational Interview': "Guided questions to record a loved one's life story",
  'Create Calendar': 'Turn your memories into a printable family calendar',
  'Compile Story': 'Weave memories into one story to read and share',
  'Memory Timeline': "See your family's moments laid out through the years",
  'Photo Collage': 'Arrange favourite photos into a collage',
  'Family Tree': "Map who's who across the generations",
  'Memory Gifts': 'Turn memories into keepsakes and gifts',
  'Legacy Letters': 'Write letters to be opened in years to come',
  'AI Memory Assistant': 'Help recalling, tagging and telling your memories',
};

/**
 * accounts §2 "Install screen": step lists per platform and browser. iPhone/iPad: Safari,
 * Chrome, Firefox or other; Android: Chrome, Firefox or other; desktop: Chrome or other.
 */
export const installGuides = {
  ios: {
    safari: {
      heading: 'On iPhone or iPad, in Safari',
      steps: [
        'Tap the Share button (the square with an arrow pointing up) in the toolbar.',
        'Scroll down and tap "Add to Home Screen".',
        'Tap "Add" in the top-right corner.',
      ],
    },
    chrome: {
      heading: 'On iPhone or iPad, in Chrome',
      steps: [
        'Tap the Share button (the square with an arrow pointing up) in the address bar.',
        'Scroll down and tap "Add to Home Screen".',
        'Tap "Add" in the top-right corner.',
      ],
    },
    firefox: {
      heading: 'On iPhone or iPad, in Firefox',
      steps: [
        'Tap the menu button (three lines) at the bottom of the screen.',
        'Tap "Share".',
        'Tap "Add to Home Screen", then "Add".',
      ],
    },
    other: {
      heading: 'On iPhone or iPad',
      steps: [
        "Open this page in Safari (your browser's menu usually has \"Open in Safari\").",
        'Tap the Share button (the square with an arrow pointing up).',
        'Tap "Add to Home Screen", then "Add".',
      ],
    },
  },
  android: {
    chrome: {
      heading: 'On Android, in Chrome',
      steps: [
        'Tap the menu button (three dots) in the top-right corner.',
        'Tap "Add to Home screen" or "Install app".',
        'Tap "Add" or "Install" to confirm.',
      ],
    },
    firefox: {
      heading: 'On Android, in Firefox',
      steps: [
        'Tap the menu button (three dots).',
        'Tap "Add to Home screen" (or "Install").',
        'Confirm, and place the icon where you like.',
      ],
    },
    other: {
      heading: 'On Android',
      steps: [
        "Open your browser's menu.",
        'Look for "Add to Home screen" or "Install app" and tap it.',
        "If there is no such entry, open this page in Chrome and use Chrome's menu.",
      ],
    },
  },
  desktop: {
    chrome: {
      heading: 'On a computer, in Chrome',
      steps: [
        'Click the install icon at the right end of the address bar.',
        'Or open the menu (three dots), then "Cast, save and share" and "Install page as app".',
        'Click "Install". Heirloom then opens in its own window.',
      ],
    },
    other: {
      heading: 'On a computer',
      steps: [
        "Look in your browser's menu for \"Install\" or \"Apps\"; Edge and Chrome offer it.",
        'Otherwise bookmark this page, or drag the address onto your desktop.',
      ],
    },
  },
};

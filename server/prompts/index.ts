// What other features may use of prompts: a storyteller's link (server/storytellers) shows a
// looking-back prompt drawn without writing anything, and asks follow-up questions.
export { drawPrompt, promptLibrary } from './engine.js';
export { askFollowUp } from './follow-up-service.js';
export { dayIn } from './service.js';

// Mail, for every feature (DESIGN "E-mail (optional)"): queueMail on the feature's transaction,
// composeMail for the one plain layout (text and HTML from one description).
export { composeMail, escapeHtml, subjectWithFamily, type ComposedMail, type MailDescription } from './compose.js';
export { MAIL_SEND_KIND, mailSendHandler, queueMail, type QueuedMail } from './queue.js';

// The week's question as a mail (issue 23): the question their link shows now, who asks it,
// and the link itself, plain (server/mail's one layout), with RFC 8058's one-click unsubscribe
// at the link's own POST /api/tell/{token}/unsubscribe.
import { messages } from '../../common/messages.js';
import { appAddress } from '../config.js';
import type { AppContext } from '../context.js';
import { composeMail, subjectWithFamily, type QueuedMail } from '../mail/index.js';
import type { NextQuestion } from '../questions/index.js';
import { linkUrl } from './link.js';
import type { ReminderCandidate } from './reminders-queries.js';

export function reminderMail(ctx: Pick<AppContext, 'config'>, storyteller: ReminderCandidate & { email: string }, token: string, question: NextQuestion): QueuedMail {
  const { publicUrl } = ctx.config;
  const mail = composeMail({
    greeting: storyteller.displayName ? messages.reminderMailGreeting(storyteller.displayName) : undefined,
    paragraphs: [messages.reminderMailAsks(question.askedBy), `\u201c${question.text}\u201d`, messages.reminderMailHow],
    action: { label: messages.reminderMailAction, url: linkUrl(publicUrl, token) },
    notes: [messages.reminderMailWhy(storyteller.timelineName)],
    origin: publicUrl.origin,
  });
  return {
    to: storyteller.email,
    subject: subjectWithFamily(messages.reminderMailSubject, storyteller.timelineName),
    ...mail,
    headers: {
      'List-Unsubscribe': `<${appAddress(publicUrl, `api/tell/${token}/unsubscribe`)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

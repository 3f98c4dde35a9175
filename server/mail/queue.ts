// Mail goes out as a job (DESIGN "E-mail (optional)": "sent by jobs, retried, never inside a
// request"): a feature queues it on its own transaction, so a mail exists exactly when the row
// it is about does, and the mail.send handler hands it to the SMTP server after the answer.
// The stored job holds the mail sealed with the server's secret: a mail may carry a link that
// is a credential (a reset link, a storyteller's link), and jobs are kept and backed up.
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import { enqueueJob, type JobHandler, type JobLog } from '../jobs/index.js';
import type { MailSender, OutgoingMail } from '../providers/mail/index.js';
import { seal, unseal } from '../sealing.js';

export const MAIL_SEND_KIND = 'mail.send';
const SEALED_FOR = 'mail';

export interface QueuedMail extends OutgoingMail {
  /** Dedupe: while a mail with this key waits or is being sent, queueing another is a no-op. */
  key?: string;
  /** Not sent before this instant (a digest's next hour). */
  sendAfter?: Date;
}

/**
 * Queues one mail on the caller's transaction. Answers false, and queues nothing, when the
 * operator set up no mail (SMTP_URL and MAIL_FROM unset): nothing would ever send it.
 */
export async function queueMail(ctx: Pick<AppContext, 'config' | 'now'>, trx: Db, { key, sendAfter, ...mail }: QueuedMail): Promise<boolean> {
  if (!ctx.config.mail) return false;
  const sealed = seal(ctx.config.sessionSecret, SEALED_FOR, JSON.stringify(mail));
  await enqueueJob(trx, { kind: MAIL_SEND_KIND, payload: { sealed }, key, runAfter: sendAfter }, ctx.now());
  return true;
}

/** An SMTP server down for a while is waited out: 12 attempts span 1¾ to 3½ hours of back-off (jobs/backoff.ts). */
const MAIL_ATTEMPTS = 12;

/**
 * The mail.send job: an SMTP refusal throws, so the job is retried with back-off. The log names
 * the job and the recipient's domain only: a mail's text may hold a link that is a credential.
 */
export function mailSendHandler(sender: MailSender, log: JobLog, sessionSecret: string): JobHandler {
  return {
    maxAttempts: MAIL_ATTEMPTS,
    async run(payload, job) {
      const opened = unseal(sessionSecret, SEALED_FOR, String(payload.sealed));
      // Sealed under another SESSION_SECRET (instances that disagree): failed and kept, never guessed at.
      if (opened === null) throw new Error('The mail cannot be opened with this instance\'s SESSION_SECRET');
      const mail = JSON.parse(opened) as OutgoingMail;
      await sender.send(mail);
      log.info({ jobId: job.id, attempt: job.attempt, recipientDomain: domainOf(mail.to) }, 'Mail sent');
    },
  };
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).replace(/>$/, '');
}

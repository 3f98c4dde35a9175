// The mail sender (DESIGN "E-mail (optional)"): nodemailer's SMTP transport from SMTP_URL. Only
// the mail.send job (server/mail) calls it, so nothing is ever sent inside a request.
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config.js';

/** One message as it goes out: always a text part and an HTML part made from one description. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

export interface MailSender {
  /** Resolves once the SMTP server accepted the message; rejects on any refusal, so the job retries. */
  send(mail: OutgoingMail): Promise<void>;
  /** Closes pooled connections; the app calls it as it closes. */
  close(): void;
}

/** SMTP refusals and connection failures wait this long at most, so a job's attempt ends well inside its lease. */
const SMTP_TIMEOUT_MS = 20_000;

export function createMailSender(config: MailConfig): MailSender {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send({ to, subject, text, html, headers }) {
      const info = await transport.sendMail({ from: config.from, to, subject, text, html, headers });
      // nodemailer resolves even when some recipients were refused; the one recipient refused is a failure.
      if (info.rejected.length > 0) throw new Error(`The SMTP server refused the recipient: ${info.response}`);
    },
    close: () => transport.close(),
  };
}

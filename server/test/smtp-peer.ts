// A real SMTP server on loopback (smtp-server) for the mail tests and e2e: every message it
// accepts is parsed with mailparser and kept in order. It can refuse mail for a while, as a
// provider that is down or throttling does, so retries are proven against the real protocol.
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { until } from './until.js';

export interface SmtpPeer {
  /** What SMTP_URL names: smtp://127.0.0.1:{port} (no TLS, no authentication). */
  url: string;
  /** Every message accepted, in order, parsed. */
  messages: ParsedMail[];
  /** Messages refused so far (each a 451 at RCPT TO). */
  refused: number;
  /** Resolves with the messages once at least `count` were accepted. */
  waitFor(count: number, ms?: number): Promise<ParsedMail[]>;
  /** Refuses the next `count` deliveries with a temporary failure (451), then accepts again. */
  refuse(count: number): void;
  stop(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const changes = new EventEmitter();
  let toRefuse = 0;
  const peer: SmtpPeer = {
    url: '',
    messages: [],
    refused: 0,
    waitFor: async (count, ms = 10_000) => {
      await until(() => peer.messages.length >= count, `${count} mail(s) at the SMTP peer (${peer.messages.length} so far)`, [(changed) => {
        changes.on('change', changed);
        return () => changes.off('change', changed);
      }], ms);
      return peer.messages;
    },
    refuse: (count) => {
      toRefuse = count;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    // Plain SMTP on loopback: nodemailer upgrades to STARTTLS only when it is offered.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (toRefuse > 0) {
        toRefuse--;
        peer.refused++;
        changes.emit('change');
        const refusal = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
        return callback(refusal);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          peer.messages.push(mail);
          changes.emit('change');
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return peer;
}

import nodemailer from 'nodemailer';
import type { Queryable } from '../db/db.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when `SMTP_URL` is set; otherwise the message is kept in the `mail_outbox` table. */
export function createMailer(options: { smtpUrl?: string; from: string; db: Queryable }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(message) {
      await options.db.query(
        'INSERT INTO mail_outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4)',
        [message.to, message.subject, message.text, message.html ?? null],
      );
    },
    close: () => undefined,
  };
}

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.js';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A local SMTP server that keeps what it receives, for the browser tests: the app under test
 * sends its mail here (`SMTP_URL`), as it would to a real mailbox, and the test reads a
 * registration code the way a resident does, from the mail.
 */
export async function smtpInbox() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        for (const to of session.envelope.rcptTo)
          received.push({ to: to.address, subject: mail.subject ?? '', text: mail.text ?? '' });
        callback();
      }, callback);
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The last mail to `to` whose text matches `pattern`, waiting up to `ms` for it to arrive. */
    async waitFor(to: string, pattern: RegExp, ms = 10_000): Promise<RegExpMatchArray> {
      const until = Date.now() + ms;
      for (;;) {
        const match = received
          .filter((m) => m.to === to)
          .map((m) => m.text.match(pattern))
          .filter((m) => m !== null)
          .at(-1);
        if (match) return match;
        if (Date.now() > until) throw new Error(`no mail to ${to} matching ${pattern} in ${ms} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

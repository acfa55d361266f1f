/**
 * An SMTP server that takes every mail and counts them, in a process of its own so that the
 * bench measures the mail worker, not the server receiving its mails. Tells its port, then on
 * any message what it received: how many mails, how many recipients had more than one, and when
 * the first and the last arrived (ms since 1970), over the IPC channel of `fork`.
 */
import { SMTPServer } from 'smtp-server';

export interface SinkCount {
  delivered: number;
  /** Mails to a recipient that had already received one (the outbox sent a mail twice). */
  twice: number;
  firstAt: number | null;
  lastAt: number | null;
}

let delivered = 0;
let firstAt: number | null = null;
let lastAt: number | null = null;
const recipients = new Set<string>();
let twice = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('end', () => {
      // Counted once the whole message is in, just before the server's acceptance (250).
      lastAt = Date.now();
      firstAt ??= lastAt;
      delivered += 1;
      for (const rcpt of session.envelope.rcptTo) {
        const address = rcpt.address.toLowerCase();
        if (recipients.has(address)) twice += 1;
        else recipients.add(address);
      }
      callback();
    });
    stream.resume();
  },
});
const net = server.listen(0, '127.0.0.1', () => {
  const address = net.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', () => process.send?.({ delivered, twice, firstAt, lastAt } satisfies SinkCount));
process.on('disconnect', () => server.close(() => process.exit(0)));

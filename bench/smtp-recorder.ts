/**
 * An SMTP server that takes every mail and records, per recipient, when each copy arrived, in a
 * process of its own (as smtp-sink.ts) so that the bench measures the instances' mail workers,
 * not the server receiving their mails. Tells its port over the IPC channel of `fork`, then, on
 * any message, what it received: [recipient, [ms since 1970 of each copy]][].
 */
import { SMTPServer } from 'smtp-server';

const received = new Map<string, number[]>();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // Three instances each send over a pool of 8 connections, and come back after a crash.
  maxClients: 200,
  onData(stream, session, callback) {
    stream.on('end', () => {
      // Recorded once the whole message is in, just before the server's acceptance (250).
      const at = Date.now();
      for (const rcpt of session.envelope.rcptTo) {
        const address = rcpt.address.toLowerCase();
        const times = received.get(address);
        if (times) times.push(at);
        else received.set(address, [at]);
      }
      callback();
    });
    stream.resume();
  },
});
// A sender that dies mid-mail (an instance killed on purpose) resets its connection: not ours to stop for.
server.on('error', () => undefined);
const net = server.listen(0, '127.0.0.1', () => {
  const address = net.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', () => process.send?.({ received: [...received] }));
process.on('disconnect', () => server.close(() => process.exit(0)));

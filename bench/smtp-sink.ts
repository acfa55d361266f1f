/**
 * An SMTP server that takes every mail and counts them, in a process of its own so that the
 * bench measures the mail worker, not the server receiving its mails. Tells its port, then the
 * count on request, over the IPC channel of `fork`.
 */
import { SMTPServer } from 'smtp-server';

let delivered = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      delivered += 1;
      callback();
    });
    stream.resume();
  },
});
const net = server.listen(0, '127.0.0.1', () => {
  const address = net.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', () => process.send?.({ delivered }));
process.on('disconnect', () => server.close(() => process.exit(0)));

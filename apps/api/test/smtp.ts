import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as the SMTP server got it: the envelope's recipients and the parsed message. */
export interface Received {
  rcptTo: string[];
  mail: ParsedMail;
}

/** A real SMTP server on 127.0.0.1 that parses and keeps every mail it accepts. */
export interface TestSmtp {
  port: number;
  received: Received[];
  stop(): Promise<void>;
  /** Listens again on the same port (after stop). */
  restart(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: Received[] = [];
  let server: SMTPServer | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        closeTimeout: 100,
        onData(stream, session, callback) {
          const rcptTo = session.envelope.rcptTo.map((a) => a.address.toLowerCase());
          simpleParser(stream).then(
            (mail) => {
              received.push({ rcptTo, mail });
              callback();
            },
            (err: Error) => callback(err),
          );
        },
      });
      server = s;
      s.once('error', reject);
      const net = s.listen(port, '127.0.0.1', () => {
        const address = net.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  let running = true;
  const smtp: TestSmtp = {
    port: await listen(0),
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!running || !server) return resolve();
        running = false;
        server.close(() => resolve());
      }),
    restart: async () => {
      await listen(smtp.port);
      running = true;
    },
  };
  return smtp;
}

import { createPrivateKey, type KeyObject } from 'node:crypto';
import { connect, type ClientHttp2Session } from 'node:http2';
import { SignJWT } from 'jose';
import { ConfigError, type Config } from '../../../config/env';
import { pem } from './apple-config';

/** Apple's push service as the organiser's token-based key reaches it (docs/wallet.md, 'Passes that stay true'). */
export interface Apns {
  url: string;
  keyId: string;
  teamId: string;
  key: KeyObject;
}

/**
 * The APNs key, or null when none is given; a key given but unusable stops the start with one
 * line. Pushes are for Apple Wallet's passes, so Apple Wallet must be configured too.
 */
export function apnsFromConfig(config: Config): Apns | null {
  if (config.APNS_KEY === undefined && config.APNS_KEY_ID === undefined) return null;
  if (config.APNS_KEY === undefined || config.APNS_KEY_ID === undefined) {
    throw new ConfigError('APNs: APNS_KEY and APNS_KEY_ID go together');
  }
  if (config.APPLE_PASS_TYPE_ID === undefined || config.APPLE_TEAM_ID === undefined) {
    throw new ConfigError('APNS_KEY tells phones that their Wallet pass changed: configure Apple Wallet too');
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(pem('APNS_KEY', config.APNS_KEY));
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError('APNS_KEY is not a PEM private key (the .p8 file Apple gives)');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new ConfigError('APNS_KEY is not an APNs key (an EC P-256 key)');
  }
  return { url: config.APNS_URL, keyId: config.APNS_KEY_ID, teamId: config.APPLE_TEAM_ID, key };
}

/** A push's outcome: delivered; the device takes no more (forget it); or to try again later. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** APNs refuses a provider token older than an hour, and one renewed more often than every 20 minutes. */
const TOKEN_LIFETIME_MS = 40 * 60_000;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Pushes to Apple Wallet's devices over one HTTP/2 connection, authenticated by a provider token
 * (JWT, ES256, signed with the organiser's key). A Wallet push carries nothing: `{}` to the pass
 * type's topic tells the device to ask which of its passes changed.
 */
export function createApnsClient(apns: Apns, topic: string) {
  let session: ClientHttp2Session | null = null;
  let token: { jwt: string; at: number } | null = null;

  async function providerToken(): Promise<string> {
    const now = Date.now();
    if (!token || now - token.at > TOKEN_LIFETIME_MS) {
      const jwt = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: apns.keyId })
        .setIssuer(apns.teamId)
        .setIssuedAt(Math.floor(now / 1000))
        .sign(apns.key);
      token = { jwt, at: now };
    }
    return token.jwt;
  }

  function connection(): ClientHttp2Session {
    if (!session || session.closed || session.destroyed) {
      const opened = connect(apns.url);
      // A broken connection is opened again at the next push.
      opened.on('error', () => opened.destroy());
      opened.on('close', () => {
        if (session === opened) session = null;
      });
      opened.unref();
      session = opened;
    }
    return session;
  }

  async function push(deviceToken: string): Promise<PushOutcome> {
    const jwt = await providerToken();
    return new Promise((resolve) => {
      let status = 0;
      let body = '';
      const request = connection().request({
        ':method': 'POST',
        ':path': `/3/device/${deviceToken}`,
        authorization: `bearer ${jwt}`,
        'apns-topic': topic,
        'content-type': 'application/json',
      });
      request.setTimeout(PUSH_TIMEOUT_MS, () => request.close());
      request.setEncoding('utf8');
      request.on('response', (headers) => (status = Number(headers[':status'])));
      request.on('data', (chunk: string) => (body += chunk));
      request.on('close', () => {
        if (status === 200) return resolve('sent');
        // An expired provider token is made again for the next try.
        if (status === 403 && body.includes('ExpiredProviderToken')) token = null;
        const gone = status === 410 || (status === 400 && /BadDeviceToken|DeviceTokenNotForTopic/.test(body));
        resolve(gone ? 'gone' : 'failed');
      });
      request.on('error', () => undefined);
      request.end('{}');
    });
  }

  return {
    push,
    close: () => session?.close(),
  };
}
export type ApnsClient = ReturnType<typeof createApnsClient>;

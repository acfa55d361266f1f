import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { DEFAULT_LANGUAGE, inEveryLanguage, LANGUAGES, showInstant, type Texts } from '@salon/shared';
import { ConfigError, type Config } from '../../../config/env';
import type { LoadedBadge } from '../badges.service';
import { editionLabel } from '../badge-pdf';
import { SHOW } from '../../mail/template-kit';
import { documentTexts, type ApiTexts } from '../../../texts/index';
import type { PassPlace } from './apple-pass';
import { givenOrFile, walletArtwork } from './apple-config';

/** The organiser's Google Wallet issuer and the service account that signs its links. */
export interface GoogleWallet {
  issuerId: string;
  /** The service account's address (`client_email`), the links' issuer. */
  email: string;
  keyId: string;
  key: KeyObject;
  /** Google's 'Add to Google Wallet' buttons, as Google gives them, by language. */
  artwork: Texts<Buffer>;
}

const VARIABLES = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT', 'GOOGLE_WALLET_ARTWORK'] as const;

/**
 * The Google Wallet configuration, or null when none is given; anything given but unusable stops
 * the start with one line saying what.
 */
export function googleWalletFromConfig(config: Config): GoogleWallet | null {
  if (VARIABLES.every((name) => config[name] === undefined)) return null;
  const missing = VARIABLES.filter((name) => config[name] === undefined);
  if (missing.length) throw new ConfigError(`Google Wallet: ${missing.join(', ')} missing (all or none)`);
  const text = givenOrFile('GOOGLE_WALLET_SERVICE_ACCOUNT', config.GOOGLE_WALLET_SERVICE_ACCOUNT!, '{');
  let account: { client_email?: unknown; private_key?: unknown; private_key_id?: unknown };
  try {
    account = JSON.parse(text) as typeof account;
  } catch {
    throw new ConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT is not a service account key (JSON)');
  }
  const { client_email: email, private_key: pem, private_key_id: keyId } = account;
  if (typeof email !== 'string' || typeof pem !== 'string' || typeof keyId !== 'string') {
    throw new ConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT lacks client_email, private_key or private_key_id');
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new ConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT: its private_key is not a PEM private key');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new ConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT: its key is not RSA');
  return {
    issuerId: config.GOOGLE_WALLET_ISSUER_ID!,
    email,
    keyId,
    key,
    artwork: walletArtwork('GOOGLE_WALLET_ARTWORK', config.GOOGLE_WALLET_ARTWORK!),
  };
}

/** A text in every language: French as the default value, the others as its translations. */
const translated = (texts: Texts) => ({
  defaultValue: { language: DEFAULT_LANGUAGE, value: texts[DEFAULT_LANGUAGE] },
  translatedValues: LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE).map((language) => ({
    language,
    value: texts[language],
  })),
});
/** The same text in every language: a place's name. */
const untranslated = (text: string) => translated(inEveryLanguage(() => text));

/** A label of the passes in every language. */
const label = (read: (texts: ApiTexts['documents']['wallet']) => string): Texts =>
  inEveryLanguage((lang) => read(documentTexts(lang).wallet));

/**
 * The 'Save to Google Wallet' address of a badge: a JWT signed RS256 by the service account,
 * holding the edition's event-ticket class and the badge's object (the same QR as the PDF's),
 * made when the holder asks and not before. Google creates or updates both on saving.
 */
export async function googleSaveUrl(
  wallet: GoogleWallet,
  badge: LoadedBadge,
  place: PassPlace,
  publicUrl: string,
  now: Date,
): Promise<string> {
  const { data } = badge;
  const { event, hours } = data;
  const first = hours[0];
  const last = hours.at(-1);
  const classId = `${wallet.issuerId}.sib-${event.startsOn.slice(0, 4)}-${event.edition}`;
  const eventClass = {
    id: classId,
    issuerName: SHOW.fr,
    reviewStatus: 'UNDER_REVIEW',
    eventName: translated(inEveryLanguage((lang) => `${SHOW[lang]} — ${editionLabel(event.edition, lang)}`)),
    ...(place.venue ? { venue: { name: untranslated(place.venue), address: untranslated(event.city) } } : {}),
    ...(first && last
      ? {
          dateTime: {
            start: showInstant(first.day, first.opens).toISOString(),
            end: showInstant(last.day, last.closes).toISOString(),
          },
        }
      : {}),
    hexBackgroundColor: '#12355b',
    homepageUri: { uri: publicUrl, description: SHOW.fr },
  };
  const module = (id: 'company' | 'hall' | 'stand', body: string) => {
    const header = label((t) => t[id]);
    return { id, header: header[DEFAULT_LANGUAGE], body, localizedHeader: translated(header) };
  };
  const object = {
    id: `${wallet.issuerId}.badge-${badge.registrationId}`,
    classId,
    state: 'ACTIVE',
    ticketHolderName: data.name,
    ticketType: translated(label((t) => t.types[data.type])),
    barcode: { type: 'QR_CODE', value: data.token },
    textModulesData: [
      ...(data.company ? [module('company', data.company)] : []),
      ...(badge.place.hall ? [module('hall', badge.place.hall)] : []),
      ...(badge.place.stand ? [module('stand', badge.place.stand)] : []),
    ],
    ...(last ? { validTimeInterval: { end: { date: showInstant(last.day, last.closes).toISOString() } } } : {}),
  };
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [new URL(publicUrl).origin],
    payload: { eventTicketClasses: [eventClass], eventTicketObjects: [object] },
  })
    .setProtectedHeader({ alg: 'RS256', kid: wallet.keyId, typ: 'JWT' })
    .setIssuer(wallet.email)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(wallet.key);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}

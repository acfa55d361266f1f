import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import yazl from 'yazl';
import { dayHoursText, LANGUAGES, showInstant, type Language } from '@salon/shared';
import { documentTexts, mailTexts } from '../../../texts/index';
import type { AppleWallet } from './apple-config';
import type { WalletImages } from './wallet-images';
import { passSerial } from './pass-updates';
import type { LoadedBadge } from '../badges.service';
import { editionLabel } from '../badge-pdf';
import { SHOW, whenAndWhere } from '../../mail/template-kit';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// Node's WebCrypto is the standard one; PKI.js is typed against the DOM's, which this project
// does not load, hence the `as never` (the object is the same).
pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as never }));

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
};

/** What a pass shows beyond the badge: where the show is held. */
export interface PassPlace {
  venue: string | null;
  /** The venue's point, when the organiser's map link gives one. */
  location: { latitude: number; longitude: number } | null;
}

/** `"key" = "value";` lines of a pass.strings file (UTF-8, quotes and backslashes escaped). */
function passStrings(entries: Record<string, string>): Buffer {
  const quoted = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
  return Buffer.from(
    Object.entries(entries)
      .map(([key, value]) => `${quoted(key)} = ${quoted(value)};`)
      .join('\n') + '\n',
  );
}

/** The localized texts of one badge's pass, by key: labels, and the values that are words. */
function strings(badge: LoadedBadge, place: PassPlace, lang: Language): Record<string, string> {
  const t = documentTexts(lang).wallet;
  const { show, entryRule } = mailTexts(lang);
  const { event, hours, type } = badge.data;
  return {
    description: `${t.description} — ${show}`,
    logoText: `${show} — ${editionLabel(event.edition, lang)}`,
    nameLabel: t.name,
    typeLabel: t.type,
    typeValue: t.types[type],
    companyLabel: t.company,
    datesLabel: t.dates,
    datesValue: capitalized(whenAndWhere(event, lang)),
    hallLabel: t.hall,
    standLabel: t.stand,
    hoursLabel: t.hours,
    hoursValue: hours.map((h) => dayHoursText(h.day, h.opens, h.closes, lang)).join('\n'),
    venueLabel: t.venue,
    entryLabel: t.entry,
    entryValue: entryRule,
    ...(place.venue ? { venueValue: place.venue } : {}),
  };
}

/** Where a pass's devices ask for its changes (passkit.routes.ts), and its token there. */
export interface PassWebService {
  url: string;
  token: (registrationId: number) => Promise<string>;
}

/**
 * pass.json: an event ticket, its texts as keys of the lproj strings, the badge's signed QR. A
 * badge no longer live (cancelled, erased, of a past edition) gives a voided pass without its QR.
 */
function passJson(
  wallet: AppleWallet,
  service: PassWebService & { authenticationToken: string },
  badge: LoadedBadge,
  place: PassPlace,
  live: boolean,
) {
  const { data } = badge;
  const first = data.hours[0];
  const last = data.hours.at(-1);
  const field = (key: string, value: string) => ({ key, label: `${key}Label`, value });
  const qr = { format: 'PKBarcodeFormatQR', message: data.token, messageEncoding: 'iso-8859-1' };
  return {
    formatVersion: 1,
    passTypeIdentifier: wallet.passTypeId,
    teamIdentifier: wallet.teamId,
    serialNumber: passSerial(badge.registrationId),
    webServiceURL: service.url,
    authenticationToken: service.authenticationToken,
    organizationName: SHOW.fr,
    description: 'description',
    logoText: 'logoText',
    backgroundColor: 'rgb(18, 53, 91)',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(255, 197, 138)',
    // iOS 8 and earlier read only `barcode`.
    ...(live ? { barcodes: [qr], barcode: qr } : { voided: true }),
    ...(first ? { relevantDate: showInstant(first.day, first.opens).toISOString() } : {}),
    // Past the last closing time the pass is shown as expired.
    ...(last ? { expirationDate: showInstant(last.day, last.closes).toISOString() } : {}),
    ...(place.location ? { locations: [place.location] } : {}),
    eventTicket: {
      headerFields: [field('type', 'typeValue')],
      primaryFields: [field('name', data.name)],
      secondaryFields: [
        ...(data.company ? [field('company', data.company)] : []),
        ...(badge.place.hall ? [field('hall', badge.place.hall)] : []),
        ...(badge.place.stand ? [field('stand', badge.place.stand)] : []),
      ],
      auxiliaryFields: [field('dates', 'datesValue')],
      backFields: [
        field('hours', 'hoursValue'),
        ...(place.venue ? [field('venue', 'venueValue')] : []),
        field('entry', 'entryValue'),
      ],
    },
  };
}

const der = (cert: { raw: Buffer }) => pkijs.Certificate.fromBER(cert.raw);

/**
 * The manifest's detached signature, as Wallet requires it: PKCS #7 SignedData (CMS) by the pass
 * certificate, with Apple's WWDR certificate, and the content type, digest and signing time as
 * signed attributes. PKI.js assembles it, Node's WebCrypto signs (see decision 039).
 */
async function signature(wallet: AppleWallet, manifest: Buffer, key: webcrypto.CryptoKey, now: Date): Promise<Buffer> {
  const signer = der(wallet.certificate);
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
            new pkijs.Attribute({ type: OID.signingTime, values: [new asn1js.UTCTime({ valueDate: now })] }),
            new pkijs.Attribute({
              type: OID.messageDigest,
              values: [new asn1js.OctetString({ valueHex: createHash('sha256').update(manifest).digest() })],
            }),
          ],
        }),
      }),
    ],
    certificates: [signer, der(wallet.wwdr)],
  });
  await signed.sign(key, 0, 'SHA-256');
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) });
  return Buffer.from(info.toSchema().toBER(false));
}

/** The zip's bytes, files in the order given, stored as they are (PNG is compressed already). */
function zip(files: [string, Buffer][]): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const [name, content] of files) archive.addBuffer(content, name, { compress: !name.endsWith('.png') });
  archive.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    archive.outputStream.on('data', (c: Buffer) => chunks.push(c));
    archive.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    archive.outputStream.on('error', reject);
  });
}

/** Makes the organiser's passes: the signing key is imported once for WebCrypto. */
export function createApplePasses(wallet: AppleWallet, images: () => Promise<WalletImages>, service: PassWebService) {
  const key = webcrypto.subtle.importKey(
    'pkcs8',
    wallet.key.export({ type: 'pkcs8', format: 'der' }),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return {
    /**
     * A badge's .pkpass: pass.json, the show's images, the texts in each language, signed; voided
     * when the badge is no longer live.
     */
    async pass(badge: LoadedBadge, place: PassPlace, now: Date, live = true): Promise<Buffer> {
      const files: [string, Buffer][] = [
        [
          'pass.json',
          Buffer.from(
            JSON.stringify(
              passJson(
                wallet,
                { ...service, authenticationToken: await service.token(badge.registrationId) },
                badge,
                place,
                live,
              ),
            ),
          ),
        ],
        ...Object.entries(await images()),
        ...LANGUAGES.map((lang): [string, Buffer] => [
          `${lang}.lproj/pass.strings`,
          passStrings(strings(badge, place, lang)),
        ]),
      ];
      const manifest = Buffer.from(
        JSON.stringify(
          Object.fromEntries(files.map(([name, bytes]) => [name, createHash('sha1').update(bytes).digest('hex')])),
        ),
      );
      const signed = await signature(wallet, manifest, await key, now);
      return zip([...files, ['manifest.json', manifest], ['signature', signed]]);
    },
  };
}
export type ApplePasses = ReturnType<typeof createApplePasses>;

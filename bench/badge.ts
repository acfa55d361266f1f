/**
 * Electronic badges made in one process: 1,000 badges, each a signed token then its A6 PDF with
 * the QR code, as when an organiser e-mails every visitor their badge the day before the show.
 * Target: median ≤ 5 ms per badge.
 *
 *   npm run bench:badge
 */
import { generateKeyPairSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEMO_EDITION_ID, REGISTRATION_TYPES } from '@salon/shared';
import { renderBadgePdf } from '../apps/api/src/domains/badges/badge-pdf';
import { createBadgeSigner } from '../apps/api/src/domains/badges/badge-token';
import { SHOW_NAME } from '../apps/api/src/domains/files/pdf/document';
import { BADGE_HOURS, BEFORE_DOORS, DEMO_SHOW } from './lib/show-clock';
import { printTable } from './start-server';

const BADGES = 1000;
const TARGET_MS = 5;

const signer = createBadgeSigner(
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
);
const { edition, startsOn, endsOn, city } = DEMO_SHOW;
const event = { name: SHOW_NAME, edition, startsOn, endsOn, city };
const hours = BADGE_HOURS;
const FIRST = 'Fatima Mohammed Yasmine Karim Salma Youssef Nadia Omar'.split(' ');
const LAST = 'El Amrani|Benjelloun|Tazi|Alaoui El Idrissi|Bennani|Lahlou|Berrada-Sounni'.split('|');
const COMPANIES = [
  'Atlas Béton Industrie',
  'Menara Menuiserie',
  'Société Générale des Travaux Publics et du Bâtiment du Grand Sud Marocain',
  '',
];
// Badges issued before the show.
const issuedAt = Math.floor(Date.parse(BEFORE_DOORS) / 1000);

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const at = (values: number[], q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))]!;

const signing: number[] = [];
const rendering: number[] = [];
const perBadge: number[] = [];
let bytes = 0;
const started = performance.now();
for (let i = 0; i < BADGES; i++) {
  const t0 = performance.now();
  const type = REGISTRATION_TYPES[i % REGISTRATION_TYPES.length]!;
  const token = signer.sign({ registrationId: 10_000 + i, type, eventId: DEMO_EDITION_ID, issuedAt: issuedAt + i });
  const t1 = performance.now();
  const pdf = await renderBadgePdf({
    token,
    type,
    name: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
    company: COMPANIES[i % COMPANIES.length],
    jobPosition: i % 3 ? 'Directeur technique' : null,
    lang: i % 5 ? 'fr' : 'en',
    event,
    hours,
    issuedAt: new Date((issuedAt + i) * 1000),
  });
  const t2 = performance.now();
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`badge ${i} is not a PDF`);
  signing.push(t1 - t0);
  rendering.push(t2 - t1);
  perBadge.push(t2 - t0);
  bytes += pdf.length;
}
const total = performance.now() - started;

const all = sorted(perBadge);
const median = at(all, 0.5);
const ms = (v: number) => v.toFixed(2);
console.info(
  `${BADGES} badges (token + A6 PDF with a vector QR code), one process, ${Math.round(bytes / BADGES)} bytes each on average; target: median ≤ ${TARGET_MS} ms per badge`,
);
printTable(
  ['measure', 'value', 'target', 'result'],
  [
    ['per badge, median', `${ms(median)} ms`, `≤ ${TARGET_MS} ms`, median <= TARGET_MS ? 'PASS' : 'MISS'],
    ['per badge, p99', `${ms(at(all, 0.99))} ms`, '', 'no target'],
    ['token signing, median', `${ms(at(sorted(signing), 0.5))} ms`, '', 'no target'],
    ['PDF, median', `${ms(at(sorted(rendering), 0.5))} ms`, '', 'no target'],
    [`total for ${BADGES}`, `${(total / 1000).toFixed(2)} s`, '', 'no target'],
  ],
);
process.exit(median <= TARGET_MS ? 0 : 1);

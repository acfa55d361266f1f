/**
 * Replays the proofs of concept of the third security review (S1–S8) against the server as `npm start` runs it, on the
 * default limits, and prints one row per proof: what was sent, which refusal the fix gives, what
 * came back, and REFUSED or OPEN. Exits non-zero when one is open. Run it with
 * `npm run security:replay-3`.
 *
 * As in the review (its port 4132): one server with the demo data, on a show day (lib/show-clock.ts:
 * registrations open, badges scanned at the stands), with Apple Wallet configured from a
 * throwaway chain (apps/api/test/wallet-certificates.ts). A refusal counts only when it is the
 * fix's own (the quota's message, the field's error, the pass service's budget, a 404 that the
 * organiser's bearer does not get…): a refusal for another reason (a closed registration, a
 * signed-out caller, another budget) proves nothing and leaves the row OPEN.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { DEMO_EDITION_ID } from '@salon/shared';
import { PASSKIT_ADDRESS_RATE_LIMIT } from '../../apps/api/src/domains/badges/wallet/passkit.routes';
import { QUOTA_MESSAGE, UPLOAD_QUOTA } from '../../apps/api/src/domains/exhibitor-area/own-page.service';
import { walletCertificates } from '../../apps/api/test/wallet-certificates';
import { client, DEFAULT_LIMITS, findings, mailsTo, statuses, waitFor, type Answer } from './review';
import { benchClock, clockEnv, DEMO_SHOW, SHOW_DAY } from '../lib/show-clock';
import { startServer } from '../start-server';

const { verdict, print } = findings('REFUSED');

/** S1: the review's files, a PDF header and 20,971,000 random bytes, six of them. */
const S1_FILE_BYTES = 20_971_000;
const S1_UPLOADS = 6;
/** S3: the review's anonymous calls, each naming a new device. */
const S3_CALLS = 700;
/** S5: past the largest int4, 2,147,483,647. */
const PAST_INT4 = 2_147_483_648;
/** S8: the lures the review got through, a company name each. */
const LURES = [
  'Urgent : validez votre badge sur 203.0.113.7/valider',
  'Urgent : validez votre badge sur salon-btp.рф/valider',
  'Urgent : validez votre badge sur x.co/valider',
];
/** S2: the review's website, which adds a card 'Service badges SIB' to the visitor's address book. */
const VCARD_LURE =
  'https://atlas.example/\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:Service badges SIB\r\nTEL;VALUE=text:+33 1 00 00 00 00';
const PASS_TYPE = 'pass.test.salon';
const XSRF = { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' };

type Api = ReturnType<typeof client>;
interface Account {
  token: string;
  user: { id: number; name: string; email: string; phone: string; company: string };
}

/** '400 noLink', '429', '201': a status and the first reason the error body gives. */
function reason(answer: Answer): string {
  const error = answer.body.error as
    { message?: string; details?: { code?: string; errors?: { path?: unknown[]; message: string }[] } } | undefined;
  const first = error?.details?.errors?.[0];
  const why = first
    ? `${(first.path ?? []).join('.')} ${first.message}`.trim()
    : (error?.details?.code ?? error?.message);
  return why ? `${answer.status} ${why}` : String(answer.status);
}

/** Whether the answer is a 400 whose field errors name `field` (not another refusal). */
function refusedOn(answer: Answer, field: string): boolean {
  const errors = (answer.body.error as { details?: { errors?: { path?: unknown[] }[] } } | undefined)?.details?.errors;
  return answer.status === 400 && !!errors?.some((e) => (e.path ?? []).includes(field));
}

async function signIn(api: Api, route: string, identifier: string, password: string): Promise<Account> {
  const res = await api('POST', `/backend/api/auth/${route}`, { body: { identifier, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${identifier}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  return { token: String(res.body.jwt), user: res.body.user as Account['user'] };
}

/** `POST exhibitor-page/files` as the exhibitor, a PDF of the review's size. */
async function uploadPdf(base: string, token: string): Promise<Answer> {
  const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(S1_FILE_BYTES)]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)], { type: 'application/pdf' }), 's1.pdf');
  const res = await fetch(`${base}/backend/api/exhibitor-page/files`, {
    method: 'POST',
    headers: { ...XSRF, authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: the status says it.
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

/** An anonymous GET from `localAddress` (one of 127.0.0.0/8): its status and body. */
function getFrom(url: string, agent: Agent, localAddress: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent, localAddress }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    }).on('error', reject);
  });
}

/** S1: six 20 MB uploads by exhibitor A; then whether their addresses answer an anonymous GET. */
async function s1(base: string, api: Api, a: Account): Promise<number | undefined> {
  const answers: Answer[] = [];
  for (let i = 0; i < S1_UPLOADS; i++) answers.push(await uploadPdf(base, a.token));
  const stored = answers.filter((r) => r.status === 201).map((r) => (r.body.data as { id: number; url: string }).url);
  const quota = answers.filter(
    (r) => r.status === 400 && (r.body.error as { message?: string } | undefined)?.message === QUOTA_MESSAGE,
  ).length;
  const bare = (url: string) => url.split('?')[0]!;
  const anonymous = await Promise.all(
    stored.map(async (url) => (await api('HEAD', bare(url), { xsrf: false })).status),
  );
  const keyed = stored[0] ? (await api('HEAD', stored[0], { xsrf: false })).status : 0;
  verdict(
    'S1',
    `${S1_UPLOADS} uploads of a 20 MB PDF by exhibitor A; each returned address, bare and keyed, asked anonymously`,
    `${statuses(answers.map((r) => r.status))}; ${quota} with the quota's message; bare ${statuses(anonymous) || 'none'}; keyed ${keyed}`,
    // Some stored (the route works), the rest refused by the quota (not a 429 or a 413), none
    // public before a live page names it, and the owner's key opens it.
    stored.length > 0 &&
      quota > 0 &&
      quota === S1_UPLOADS - stored.length &&
      anonymous.every((s) => s === 404) &&
      keyed === 200,
    `quota (${UPLOAD_QUOTA.files} files, ${UPLOAD_QUOTA.bytes / 1024 / 1024} MB): 400 '${QUOTA_MESSAGE.slice(0, 24)}…'; bare address 404 until a live page names the file`,
  );
  return (answers.find((r) => r.status === 201)?.body.data as { id: number } | undefined)?.id;
}

/** A visitor registered as the public form does: the badge's key, from the mail it gets. */
async function registerVisitor(api: Api, dataDir: string, run: string) {
  const email = `s4-${run}@example.org`;
  const res = await api('POST', '/backend/api/visiteurs/putVisitor', {
    body: { name: 'Yasmine Alaoui', email, phone: '+212 6 12 34 56 78', consent: true },
  });
  if (res.status !== 201) throw new Error(`putVisitor: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  const mail = await waitFor(() => mailsTo(dataDir, email).find((m) => m.includes('/ebadge?token=')));
  const key = /\/ebadge\?token=([\w-]+)/.exec(mail ?? '')?.[1];
  if (!key) throw new Error('no badge mail for the visitor');
  return { email, key };
}

/** The pass of the badge `key`, as 'Ajouter à Apple Wallet' gives it: its pass.json. */
async function passOf(base: string, key: string) {
  const res = await fetch(`${base}/backend/api/registrations/ebadge/wallet.pkpass?token=${key}`);
  if (res.status !== 200) throw new Error(`wallet.pkpass: HTTP ${res.status}`);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return JSON.parse(Buffer.from(files['pass.json']!).toString('utf8')) as {
    authenticationToken: string;
    serialNumber: string;
    barcodes?: { message: string }[];
  };
}

/** S2: A's website with CR LF and a second card, then the contact card a visitor A scanned downloads. */
async function s2(api: Api, a: Account, visitor: { key: string }, badge: string) {
  const card = await api('PUT', '/backend/api/exhibitor-page/visitor-card', {
    token: a.token,
    body: { name: 'Karim Benali', email: 'contact@atlas.example', phone: '+212 5 22 00 00 00' },
  });
  const scanned = await api('POST', '/backend/api/scans', {
    token: a.token,
    body: { scans: [{ id: randomUUID(), badge, scannedAt: benchClock(SHOW_DAY)().toISOString() }] },
  });
  const put = await api('PUT', '/backend/api/exhibitor-page', { token: a.token, body: { website: VCARD_LURE } });
  const vcf = await api('GET', `/backend/api/ebadge/visited/${a.user.id}/contact.vcf?token=${visitor.key}`, {
    xsrf: false,
  });
  const cards = vcf.text.split(/\r?\n/).filter((l) => l === 'BEGIN:VCARD').length;
  verdict(
    'S2',
    "A's website set to a URL with CR LF and a second vCard; the scanned visitor's contact.vcf",
    `PUT ${reason(put)}; card ${card.status}, scan ${scanned.status}; contact.vcf ${vcf.status}, ${cards} card(s)` +
      `${vcf.text.includes('Service badges SIB') ? ', holds the lure' : ''}`,
    refusedOn(put, 'website') && vcf.status === 200 && cards === 1 && !vcf.text.includes('Service badges SIB'),
    "400 on 'website' (control characters); the card holds one vCard",
  );
}

/** S4: a copy of the pass takes its ten devices, then the organiser sends the badge again. */
async function s4(
  api: Api,
  organiser: Account,
  visitor: { email: string },
  pass: { authenticationToken: string; serialNumber: string },
) {
  const auth = { authorization: `ApplePass ${pass.authenticationToken}` };
  const passUrl = `/backend/api/passkit/v1/passes/${PASS_TYPE}/${pass.serialNumber}`;
  const before = await api('GET', passUrl, { xsrf: false, headers: auth });
  const pushToken = 'ab'.repeat(32);
  const copies: number[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await api(
      'POST',
      `/backend/api/passkit/v1/devices/x${i}/registrations/${PASS_TYPE}/${pass.serialNumber}`,
      {
        xsrf: false,
        headers: auth,
        body: { pushToken },
      },
    );
    copies.push(res.status);
  }
  const holder = await api(
    'POST',
    `/backend/api/passkit/v1/devices/holder-iphone/registrations/${PASS_TYPE}/${pass.serialNumber}`,
    { xsrf: false, headers: auth, body: { pushToken: 'cd'.repeat(32) } },
  );
  verdict(
    'S4',
    "the pass's token registers 10 devices, then the holder's own iPhone registers",
    `pass ${before.status}; 10 devices ${statuses(copies)}; holder ${reason(holder)}`,
    before.status === 200 && copies.every((s) => s === 201) && holder.status === 201,
    "the holder's device taken (201), the oldest forgotten; not 403",
  );

  // The organiser's 'Renvoyer le badge' rotates the token: the copy no longer opens the pass.
  const list = await api(
    'GET',
    `/backend/api/admin/visitors?sort=${encodeURIComponent('["id","DESC"]')}&range=${encodeURIComponent('[0,0]')}`,
    { token: organiser.token },
  );
  const newest = (list.body as unknown as { id: number; email: string }[])[0];
  const resent =
    newest?.email === visitor.email
      ? await api('POST', `/backend/api/admin/visitors/${newest.id}/resend-badge`, { token: organiser.token })
      : undefined;
  const after = await api('GET', passUrl, { xsrf: false, headers: auth });
  verdict(
    'S4',
    "the organiser sends the badge again; the copy's token fetches the pass",
    `before ${before.status}; resend ${resent ? resent.status : `not sent (newest visitor ${newest?.email ?? 'none'})`}; after ${reason(after)}`,
    before.status === 200 && resent?.status === 200 && after.status === 401,
    'the old token refused (401) once the badge is sent again',
  );
}

/** S3: 700 anonymous calls from one address, each naming a new device. */
async function s3(base: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const got: number[] = [];
  let message = '';
  try {
    for (let i = 0; i < S3_CALLS; i++) {
      const res = await getFrom(
        `${base}/backend/api/passkit/v1/devices/d${i}x${randomBytes(3).toString('hex')}/registrations/${PASS_TYPE}`,
        agent,
        '127.0.53.1',
      );
      got.push(res.status);
      if (res.status === 429 && !message)
        message = (JSON.parse(res.text) as { error: { message: string } }).error.message;
    }
  } finally {
    agent.destroy();
  }
  const answered = got.filter((s) => s !== 429).length;
  verdict(
    'S3',
    `${S3_CALLS} anonymous GET passkit/v1/devices/<new name each>/registrations/${PASS_TYPE}, one address`,
    `${statuses(got)}; 429 says '${message}'`,
    // The pass service's own budget per address (not the API's 600/min, which these routes skip).
    answered <= PASSKIT_ADDRESS_RATE_LIMIT && /service des pass/.test(message),
    `429 from the pass service's budget after ${PASSKIT_ADDRESS_RATE_LIMIT} a minute`,
  );
}

/** S5: ids past int4 and long searches, anonymous and as exhibitor A. */
async function s5(api: Api, a: Account) {
  const facets = await api('GET', `/backend/api/directory/facets?event=${PAST_INT4}`, { xsrf: false });
  const longQ = await api('GET', `/annuaire?q=${'a'.repeat(201)}`, { xsrf: false });
  const farPage = await api('GET', '/annuaire?page=99999999999', { xsrf: false });
  verdict(
    'S5',
    `anonymous GET directory/facets?event=${PAST_INT4}; /annuaire?q=<201 letters>; /annuaire?page=99999999999`,
    `${reason(facets)}; ${longQ.status}; ${farPage.status}`,
    facets.status === 400 && longQ.status === 400 && farPage.status >= 200 && farPage.status < 500,
    'facets 400; the directory page 400 for a search the API refuses; no 500',
  );
  const writes: [string, Answer, string][] = [];
  for (const [field, body] of [
    ['sectorIds', { sectorIds: [PAST_INT4] }],
    ['documentIds', { documentIds: [PAST_INT4] }],
    ['logoId', { logoId: PAST_INT4 }],
  ] as const) {
    writes.push([
      `PUT exhibitor-page ${field}`,
      await api('PUT', '/backend/api/exhibitor-page', { token: a.token, body }),
      field,
    ]);
  }
  writes.push([
    'PUT visitor-card documentId',
    await api('PUT', '/backend/api/exhibitor-page/visitor-card', { token: a.token, body: { documentId: PAST_INT4 } }),
    'documentId',
  ]);
  // One of A's scans (S2's), so that only the answer can be refused.
  const list = await api('GET', '/backend/api/scans?pagination[pageSize]=1', { token: a.token });
  const scanId = (list.body.data as { id: number }[] | undefined)?.[0]?.id ?? 1;
  writes.push([
    `PUT scans/${scanId} answers[].question`,
    await api('PUT', `/backend/api/scans/${scanId}`, {
      token: a.token,
      body: { answers: [{ question: PAST_INT4, text: 'x' }] },
    }),
    'question',
  ]);
  const reads: [string, Answer, string][] = [];
  for (const key of ['question', 'by']) {
    const url = `/backend/api/scans?${key}=${PAST_INT4}`;
    reads.push([`GET scans?${key}=`, await api('GET', url, { token: a.token }), key]);
  }
  verdict(
    'S5',
    `as exhibitor A, ${PAST_INT4} in ${[...writes, ...reads].map(([what]) => what).join(', ')}`,
    [...writes, ...reads].map(([, res]) => reason(res)).join('; '),
    [...writes, ...reads].every(
      ([, res, field]) => refusedOn(res, field) || (res.status === 400 && res.text.includes(field)),
    ),
    '400 naming the field (one id schema, 1 to 2,147,483,647); no 500',
  );
}

/** S6: 'Préparer l'édition suivante', then what an anonymous caller learns of it. */
async function s6(api: Api, organiser: Account) {
  const year = DEMO_SHOW.year + 1;
  const prepared = await api('POST', `/backend/api/admin/editions/${DEMO_EDITION_ID}/next`, {
    token: organiser.token,
    body: {
      name: `Salon BTP ${year}`,
      startsOn: `${year}-05-26`,
      endsOn: `${year}-05-29`,
      city: 'Ville secrète',
      theme: { fr: 'Thème pas encore annoncé' },
      halls: true,
    },
  });
  const id = prepared.body.id as number | undefined;
  const paths = [
    '/backend/api/events',
    `/backend/api/opening-hours?year=${year}`,
    `/backend/api/conferences?year=${year}`,
    `/backend/api/directory/facets?event=${id ?? 0}`,
  ];
  const anonymous = await Promise.all(paths.map((p) => api('GET', p, { xsrf: false })));
  const organisers = await Promise.all(paths.map((p) => api('GET', p, { token: organiser.token })));
  const listed = (res: Answer) => res.text.includes(`"year":${year}`) || res.text.includes('Ville secrète');
  verdict(
    'S6',
    `organiser prepares ${year}; anonymous GET events, opening-hours?year=${year}, conferences?year=${year}, directory/facets?event=<its id>`,
    `prepared ${reason(prepared)}; anonymous: events ${anonymous[0]!.status} ${listed(anonymous[0]!) ? `lists ${year}` : `without ${year}`}, ` +
      `${anonymous
        .slice(1)
        .map((r) => r.status)
        .join(', ')}; organiser: events ${listed(organisers[0]!) ? `lists ${year}` : `without ${year}`}, ` +
      `${organisers
        .slice(1)
        .map((r) => r.status)
        .join(', ')}`,
    // The organiser sees the edition (it exists, the routes answer it): the 404s are the access rule's.
    prepared.status === 201 &&
      anonymous[0]!.status === 200 &&
      !listed(anonymous[0]!) &&
      anonymous.slice(1).every((r) => r.status === 404) &&
      listed(organisers[0]!) &&
      organisers.slice(1).every((r) => r.status === 200),
    `${year} left out of events and 404 for anyone but the organisers and their preview`,
  );
}

/** S7: a plain form of 'Ma visite' posted with a back path that resolves to another host. */
async function s7(base: string) {
  const post = (back: string) =>
    fetch(`${base}/backend/api/visit`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      body: `op=add&kind=exhibitors&id=1&back=${encodeURIComponent(back)}`,
    });
  const control = await post('/annuaire');
  const lure = await post('/.//evil.example/x');
  const location = lure.headers.get('location') ?? '';
  verdict(
    'S7',
    'POST visit (Sec-Fetch-Site: same-origin) with back=/.//evil.example/x; with back=/annuaire for comparison',
    `${lure.status} location ${location || 'none'}; control ${control.status} location ${control.headers.get('location') ?? 'none'}`,
    // The form is taken and redirected (the control goes where it asks): only the location differs.
    control.status === 303 &&
      control.headers.get('location') === '/annuaire' &&
      lure.status === 303 &&
      location.startsWith('/') &&
      !location.startsWith('//') &&
      !location.includes('evil.example'),
    'a 303 to a path of this site (the fallback), not //evil.example/x',
  );
}

/** S8: the lures as exhibitor B's company, then the access mail of a collaborator B adds. */
async function s8(api: Api, dataDir: string, b: Account, run: string) {
  const saves: Answer[] = [];
  for (const company of LURES) {
    saves.push(
      await api('PUT', `/backend/api/users/${b.user.id}`, {
        token: b.token,
        body: { name: b.user.name, email: b.user.email, phone: b.user.phone, company },
      }),
    );
  }
  const to = `s8-${run}@example.org`;
  const added = await api('POST', '/backend/api/auth/local/register/', {
    token: b.token,
    body: { name: 'Samir Haddad', jobPosition: 'Chef de chantier', email: to, phone: '+212 7 11 22 33 46' },
  });
  const mail = await waitFor(() => mailsTo(dataDir, to)[0]);
  const lured = mail ? /Urgent|203\.0\.113\.7|x\.co\/valider|salon-btp\.(?:рф|xn--p1ai)/.test(mail) : false;
  verdict(
    'S8',
    "B's company set to an IPv4, a non-Latin TLD and a one-letter label lure; a new collaborator's access mail",
    `${saves.map(reason).join('; ')}; collaborator ${added.status}, mail ${mail ? (lured ? 'holds the lure' : 'without the lure') : 'not received'}`,
    saves.every((r) => r.status === 400 && r.text.includes('noLink')) && Boolean(mail) && !lured,
    '400 noLink for each; the mail without the lure',
  );
}

/** S1's remainder: the organiser deactivates A, whose live page names one of its uploads. */
async function s1Deactivated(api: Api, a: Account, organiser: Account, fileId: number | undefined) {
  const saved = fileId
    ? await api('PUT', '/backend/api/exhibitor-page', { token: a.token, body: { documentIds: [fileId] } })
    : undefined;
  const page = await api('GET', '/backend/api/exhibitor-page', { token: a.token });
  const url = ((page.body.data as { documents?: { url: string }[] } | undefined)?.documents?.[0]?.url ?? '').split(
    '?',
  )[0]!;
  const live = url ? (await api('HEAD', url, { xsrf: false })).status : 0;
  const deactivated = await api('POST', `/backend/api/admin/exhibitors/${a.user.id}/deactivate`, {
    token: organiser.token,
  });
  const after = url ? (await api('HEAD', url, { xsrf: false })).status : 0;
  const reactivated = await api('POST', `/backend/api/admin/exhibitors/${a.user.id}/reactivate`, {
    token: organiser.token,
  });
  verdict(
    'S1',
    "A's live page names its upload; the organiser deactivates A; the file's public address",
    `save ${saved?.status ?? 'none'}; public while live ${live}; deactivate ${deactivated.status}; then ${after} ` +
      `(reactivated ${reactivated.status})`,
    saved?.status === 200 && live === 200 && deactivated.status === 200 && after === 404,
    '404 once its exhibitor is deactivated (its page left the directory)',
  );
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-review-'));
  const logFile = path.join(dataDir, '..', `${path.basename(dataDir)}.log`);
  const chain = walletCertificates(PASS_TYPE);
  // As `npm start` runs it, on a show day, with Apple Wallet configured (the review's port 4132).
  const server = await startServer(
    {
      ...DEFAULT_LIMITS,
      ...chain.env,
      ...clockEnv(SHOW_DAY),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DEMO_DATA: 'true',
      HOST: undefined,
    },
    logFile,
  );
  const api = client(server.base);
  const run = Date.now().toString(36);
  try {
    const a = await signIn(api, 'local', 'exposant@example.com', 'Exposant2024!');
    const b = await signIn(api, 'local', 'exposant2@example.com', 'Exposant2024!');
    const organiser = await signIn(api, 'organiser', 'organisateur@example.com', 'Organise2024!');

    const firstUpload = await s1(server.base, api, a);
    const visitor = await registerVisitor(api, dataDir, run);
    const pass = await passOf(server.base, visitor.key);
    await s2(api, a, visitor, pass.barcodes?.[0]?.message ?? '');
    await s4(api, organiser, visitor, pass);
    await s3(server.base);
    await s5(api, a);
    await s6(api, organiser);
    await s7(server.base);
    await s8(api, dataDir, b, run);
    // Last: deactivating A ends its session.
    await s1Deactivated(api, a, organiser, firstUpload);
  } finally {
    await server.stop();
    rmSync(logFile, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(chain.dir, { recursive: true, force: true });
  }
  print();
}

await main();

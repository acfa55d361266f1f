/**
 * Replays the proofs of concept of the first security review against the server as
 * `npm start` runs it, each on the default limits, and prints one row per finding: what was sent,
 * what came back, and whether the hole is closed. Run it with `npm run security:replay`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { client, DEFAULT_LIMITS, findings, mailsTo, refusedStart, statuses, waitFor } from './review';
import { startServer } from '../start-server';

const { verdict, print } = findings('closed');

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-review-'));
  const logFile = path.join(dataDir, '..', `${path.basename(dataDir)}.log`);
  const server = await startServer(
    { ...DEFAULT_LIMITS, DATA_DIR: dataDir, LOG_LEVEL: 'info', DEMO_DATA: 'true' },
    logFile,
  );
  const api = client(server.base);
  const run = Date.now().toString(36);
  try {
    // M4: an organiser sends access again and reads the mail in the back-office.
    const organiser = await api('POST', '/backend/api/auth/organiser', {
      body: { identifier: 'organisateur@example.com', password: 'Organise2024!' },
    });
    const org = String(organiser.body.jwt);
    const exhibitor = await api('POST', '/backend/api/auth/local', {
      body: { identifier: 'exposant@example.com', password: 'Exposant2024!' },
    });
    const exh = String(exhibitor.body.jwt);
    const exhibitorId = (exhibitor.body.user as { id: number }).id;
    await api('POST', `/backend/api/admin/exhibitors/${exhibitorId}/resend-access`, { token: org });
    const list = await api('GET', '/backend/api/admin/mails?sort=%5B%22id%22%2C%22DESC%22%5D&range=%5B0%2C0%5D', {
      token: org,
    });
    const mailId =
      (list.body as unknown as Array<{ id: number }>)[0]?.id ?? (list.body.data as Array<{ id: number }>)?.[0]?.id;
    const [mail, eml] = await Promise.all([
      api('GET', `/backend/api/admin/mails/${mailId}`, { token: org }),
      api('GET', `/backend/api/admin/mails/${mailId}/eml`, { token: org }),
    ]);
    const live = /definir-mot-de-passe\?token=[\w-]{20,}/;
    verdict(
      'M4',
      'resend-access, then admin/mails/:id and /eml',
      `${mail.status}/${eml.status}, link ${live.test(mail.text + eml.text) ? 'readable' : 'redacted'}`,
      mail.status === 200 && !live.test(mail.text + eml.text),
    );

    // M2: the organiser's address typed in the public registration form.
    const m2 = await api('POST', '/backend/api/visiteurs/putVisitor', {
      body: { name: 'x', email: 'organisateur@example.com', phone: '0600000000' },
    });
    verdict(
      'M2',
      "putVisitor with the organiser's e-mail",
      `${m2.status}, badgeUrl ${'badgeUrl' in ((m2.body.data as object) ?? {}) ? 'given' : 'absent'}`,
      // A 400 for a closed registration (the server's clock after the edition) proves nothing.
      m2.status === 400 && !m2.text.includes('badgeUrl') && !/registration(Closed|NotOpen)/.test(m2.text),
    );

    // M1: an exhibitor adds a registered visitor's address as a collaborator, then removes it.
    const victim = `victime-${run}@example.com`;
    const registered = await api('POST', '/backend/api/visiteurs/putVisitor', {
      body: { name: 'Victime Réelle', email: victim, phone: '+212 6 12 34 56 78' },
    });
    const added = await api('POST', '/backend/api/auth/local/register/', {
      token: exh,
      body: { name: 'Renamed', jobPosition: 'x', email: victim, phone: '+212 711223344' },
    });
    const invitation = (added.body.data as { invitation?: { id: number } } | undefined)?.invitation;
    const removed = invitation
      ? await api('DELETE', `/backend/api/collaborator-invitations/${invitation.id}`, { token: exh })
      : await api('DELETE', `/backend/api/users/${(added.body.data as { id: number }).id}`, { token: exh });
    const badgeMail = await waitFor(() => mailsTo(dataDir, victim).find((m) => m.includes('/ebadge?token=')));
    const key = /\/ebadge\?token=([\w-]+)/.exec(badgeMail ?? '')?.[1] ?? '';
    const ebadge = await api('GET', `/backend/api/registrations/ebadge?token=${key}`);
    const name = (ebadge.body.data as { name?: string } | undefined)?.name;
    verdict(
      'M1',
      "add a visitor's e-mail as collaborator, then delete",
      `registered ${registered.status}; ${added.status} ${invitation ? 'invitation' : 'converted'}, ${removed.status}; badge ${ebadge.status} '${name ?? ''}'`,
      registered.status === 201 && Boolean(invitation) && ebadge.status === 200 && name === 'Victime Réelle',
    );

    // M5: a kiosk walks the 10,000 phone endings of the victim's address.
    const kiosk = await api('POST', '/backend/api/kiosk/sessions', {
      body: { name: 'Borne revue', email: 'controleur@example.com', password: 'Controle2024!' },
    });
    const kioskToken = String((kiosk.body.data as { token: string }).token);
    const guesses: number[] = [];
    for (let d = 0; d < 8; d++) {
      const r = await api('POST', '/%62ackend/api/kiosk/lookup?.', {
        headers: { 'x-kiosk-token': kioskToken },
        body: { email: victim, phoneDigits: String(1000 + d) },
      });
      guesses.push(r.status);
    }
    const right = await api('POST', '/backend/api/kiosk/lookup', {
      headers: { 'x-kiosk-token': kioskToken },
      body: { email: victim, phoneDigits: '5678' },
    });
    verdict(
      'M5',
      '8 wrong endings, then the right one',
      `${statuses(guesses)}; right one ${right.status}`,
      right.status === 429,
    );
    const expiresAt = (kiosk.body.data as { expiresAt?: string }).expiresAt;
    verdict('L10', 'enable a kiosk', `token ends ${expiresAt ?? 'never'}`, Boolean(expiresAt));

    // L2: an enquiry whose name is a phishing line, twice, to someone else's address.
    const target = `cible-${run}@example.org`;
    const phishing = 'client, votre accès expire : https://evil.example/login';
    const sent: number[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await api('POST', '/backend/api/demandes-exposants', {
        body: { nom: phishing, email: target, telephone: '0600000000' },
      });
      sent.push(answer.status);
    }
    const acks =
      (await waitFor(() => {
        const found = mailsTo(dataDir, target);
        return found.length ? found : undefined;
      })) ?? [];
    await new Promise((r) => setTimeout(r, 1500));
    const all = mailsTo(dataDir, target);
    verdict(
      'L2',
      'two enquiries with a phishing name to one address',
      `${statuses(sent)}; ${all.length || acks.length} mail(s), echo ${all.some((m) => m.includes('evil.example')) ? 'yes' : 'no'}`,
      // Both enquiries taken (a refused one, e.g. registration closed, would prove nothing).
      sent.every((st) => st === 201) && all.length <= 1 && !all.some((m) => m.includes('evil.example')),
    );

    // L5: five 'Mot de passe oublié ?' for one address.
    const forgot = [];
    for (let i = 0; i < 5; i++) {
      forgot.push(
        (await api('POST', '/backend/api/auth/forgot-password', { body: { email: 'exposant2@example.com' } })).status,
      );
    }
    await new Promise((r) => setTimeout(r, 3000));
    const resets = mailsTo(dataDir, 'exposant2@example.com').length;
    verdict('L5', '5 forgot-password for one address', `${statuses(forgot)}; ${resets} mails`, resets <= 3);

    // L6: the newsletter told a known address from a new one.
    const first = await api('POST', '/backend/api/newsletters', { body: { email: `n2-${run}@example.com` } });
    const again = await api('POST', '/backend/api/newsletters', { body: { email: `n2-${run}@example.com` } });
    verdict(
      'L6',
      'the same newsletter address twice',
      `${first.status}, ${again.status}`,
      first.status === again.status && first.text === again.text,
    );

    // L3: a stolen session changes the sign-in e-mail.
    const me = exhibitor.body.user as { name: string; phone: string; company: string };
    const l3 = await api('PUT', `/backend/api/users/${exhibitorId}`, {
      token: exh,
      body: { name: me.name, email: `voleur-${run}@example.com`, phone: me.phone, company: me.company },
    });
    verdict(
      'L3',
      'PUT users/:id with a new e-mail, no password',
      `${l3.status} ${l3.text.includes('currentPassword') ? 'on currentPassword' : l3.text.slice(0, 60)}`,
      l3.status === 400 && l3.text.includes('currentPassword'),
    );

    // L8: an event id past a 32-bit integer.
    const l8 = await api('GET', '/backend/api/registrations?filters[event][id]=99999999999', { token: exh });
    verdict('L8', 'registrations?filters[event][id]=99999999999', String(l8.status), l8.status === 400);

    // L4: a set-password page opened with its secret, then the request log read.
    const secret = `S3cret${run}xyz`;
    await api('GET', `/definir-mot-de-passe?token=${secret}`);
    await new Promise((r) => setTimeout(r, 500));
    const logged = readFileSync(logFile, 'utf8').includes(secret);
    verdict(
      'L4',
      'GET /definir-mot-de-passe?token=…, then the log',
      logged ? 'secret in the log' : 'redacted',
      !logged,
    );

    // L9: who may read DATA_DIR and the mails.
    const dirMode = statSync(dataDir).mode & 0o777;
    const mailFile = readdirSync(path.join(dataDir, 'mail'))[0];
    const emlMode = mailFile ? statSync(path.join(dataDir, 'mail', mailFile)).mode & 0o777 : 0;
    verdict(
      'L9',
      'modes of DATA_DIR and a mail',
      `${dirMode.toString(8)} / ${emlMode.toString(8)}`,
      (dirMode & 0o077) === 0 && (emlMode & 0o077) === 0,
    );

    // H1: encoded paths, without the XSRF pair, then guessing the organiser's password.
    const newsletter = await api('POST', '/%62ackend/api/newsletters?.', {
      xsrf: false,
      body: { email: `n-${run}@example.com` },
    });
    verdict(
      'H1',
      'POST /%62ackend/api/newsletters?. without XSRF',
      String(newsletter.status),
      newsletter.status === 403,
    );
    const tries: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await api('POST', '/%62ackend/api/auth/organiser?.', {
        body: { identifier: 'organisateur@example.com', password: `guess${i}` },
      });
      tries.push(r.status);
    }
    const rightOne = await api('POST', '/%62ackend/api/auth/organiser?.', {
      body: { identifier: 'organisateur@example.com', password: 'Organise2024!' },
    });
    verdict(
      'H1',
      '20 guesses at /%62ackend/api/auth/organiser?., then the right one',
      `${statuses(tries)}; right ${rightOne.status}`,
      tries.includes(429) && rightOne.status === 429,
    );

    // L1: a URL scanner on pages and 404s.
    const scans: number[] = [];
    for (let i = 0; i < 320; i++) scans.push((await api('GET', `/backend/nope-${i}`)).status);
    verdict('L1', '320 GET /backend/nope-<i>', statuses(scans), scans.includes(429));
  } finally {
    await server.stop();
    rmSync(logFile, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }

  // H2: a public address with the demo accounts; M3: TRUST_PROXY=true.
  const h2 = await refusedStart({ PUBLIC_URL: 'https://salon.example.com', DEMO_DATA: 'true' });
  verdict('H2', 'npm start with PUBLIC_URL=https://salon.example.com', `exit ${h2.code}: ${h2.line}`, h2.code !== 0);
  const m3 = await refusedStart({ TRUST_PROXY: 'true' });
  verdict('M3', 'npm start with TRUST_PROXY=true', `exit ${m3.code}: ${m3.line}`, m3.code !== 0);

  // M3: behind one proxy, a client-written X-Forwarded-For gives no fresh bucket.
  const proxied = await startServer({ ...DEFAULT_LIMITS, TRUST_PROXY: '1' });
  try {
    const api = client(proxied.base);
    const answers: number[] = [];
    for (let i = 1; i <= 30; i++) {
      const r = await api('POST', '/backend/api/auth/forgot-password', {
        headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
        body: { email: 'exposant@example.com' },
      });
      answers.push(r.status);
    }
    verdict('M3', '30 forgot-password, each with its own X-Forwarded-For', statuses(answers), answers.includes(429));

    // L7: wrong passwords from one address do not lock the owner out at another.
    const attacker: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await api('POST', '/backend/api/auth/local', {
        headers: { 'x-forwarded-for': '203.0.113.66' },
        body: { identifier: 'exposant@example.com', password: `guess${i}` },
      });
      attacker.push(r.status);
    }
    const owner = await api('POST', '/backend/api/auth/local', {
      headers: { 'x-forwarded-for': '198.51.100.20' },
      body: { identifier: 'exposant@example.com', password: 'Exposant2024!' },
    });
    verdict(
      'L7',
      '12 wrong passwords from one address, then the owner from another',
      `${statuses(attacker)}; owner ${owner.status}`,
      attacker.includes(429) && owner.status === 200,
    );
  } finally {
    await proxied.stop();
  }

  print();
}

await main();

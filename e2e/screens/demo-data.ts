/**
 * What the screens show beyond the demo data, made through the API before any picture is taken:
 * see prepareData.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '@salon/shared';
import { accounts } from '../tests/fixtures';
import { APP_NOW } from './server';

/** A collaborator whose name, position and address are longer than the demo's. */
const LONG_COLLABORATOR = {
  name: 'Anne-Sophie Benjelloun-Tazi',
  email: 'anne-sophie.benjelloun-tazi@atlas-beton-industrie.example.com',
  jobPosition: 'Responsable qualité, sécurité et environnement',
  phone: '0661234567',
};

/** A POST to the API as the browser sends it: the XSRF cookie of GET / copied into its header. */
async function post(baseURL: string, url: string, body: unknown, jwt?: string): Promise<unknown> {
  const home = await fetch(baseURL);
  const cookie = home.headers.getSetCookie().find((c) => c.startsWith(`${XSRF_COOKIE}=`));
  const xsrf = cookie?.split(';')[0]!.slice(XSRF_COOKIE.length + 1);
  if (!xsrf) throw new Error(`no ${XSRF_COOKIE} cookie on GET /`);
  const res = await fetch(`${baseURL}/backend/api/${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `${XSRF_COOKIE}=${xsrf}`,
      [XSRF_HEADER]: xsrf,
      ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** What the kiosk looks up: a demo visitor's address and the last 4 digits of its phone. */
export interface KioskVisitor {
  email: string;
  phoneDigits: string;
}

/** The newest mail's e-badge key among the mails to `to`, once the mail worker wrote it. */
async function ebadgeKeyFor(to: string, dataDir: string): Promise<string> {
  const mailDir = path.join(dataDir, 'mail');
  for (let i = 0; i < 60; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const files = existsSync(mailDir) ? readdirSync(mailDir).filter((name) => name.endsWith('.eml')) : [];
    for (const file of files) {
      const mail = readFileSync(path.join(mailDir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const link = mail.includes(`To: ${to}`) && /\/ebadge\?token=([\w.-]+)/.exec(mail);
      if (link) return link[1]!;
    }
  }
  throw new Error(`no badge mail to ${to}`);
}

/**
 * The demo data as the screens show them, plus what the demo lacks, made through the API as the
 * exhibitor's area does: LONG_COLLABORATOR and an invitation in 'Collaborateurs', the demo
 * collaborator's badge mailed (its e-badge page) and scanned with a note ('Mes scans' then shows
 * it in the scan's row). No visitor registers: the back-office's charts would then run to the day of
 * the run. Returns the e-badge key and the visitor the kiosk finds.
 */
export async function prepareData(
  baseURL: string,
  dataDir: string,
): Promise<{ ebadgeKey: string; kiosk: KioskVisitor }> {
  const { jwt, user } = (await post(baseURL, 'auth/local', {
    identifier: accounts.exhibitor.email,
    password: accounts.exhibitor.password,
  })) as { jwt: string; user: { id: number } };
  const get = async <T>(url: string): Promise<T> => {
    const res = await fetch(`${baseURL}/backend/api/${url}`, { headers: { authorization: `Bearer ${jwt}` } });
    if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  const staff = await get<{ data: { email: string; registration: { id: number } | null }[] }>(
    `users?filters[exhibitor][id]=${user.id}`,
  );
  const registration = staff.data.find((c) => c.email === accounts.collaborator.email)?.registration;
  if (!registration) throw new Error(`no badge for ${accounts.collaborator.email}`);
  await post(baseURL, `registrations/sendEmailEBadge/${registration.id}`, {}, jwt);
  const ebadgeKey = await ebadgeKeyFor(accounts.collaborator.email, dataDir);
  const ebadge = await get<{ data: { token: string } }>(`registrations/ebadge?token=${ebadgeKey}`);
  const scan = { id: '7d0c6a52-5c1e-4f0e-9a47-2f3b8f1e0a01', badge: ebadge.data.token, scannedAt: APP_NOW };
  const scanned = (await post(
    baseURL,
    'scans',
    { scans: [{ ...scan, note: 'Rappeler pour un devis de coffrage', rating: 4 }] },
    jwt,
  )) as { data: { status: string; reason?: string }[] };
  if (scanned.data[0]?.status === 'refused') throw new Error(`scan refused: ${scanned.data[0].reason}`);

  for (const collaborator of [
    LONG_COLLABORATOR,
    { ...LONG_COLLABORATOR, email: accounts.formerExhibitor.email, phone: '0661234568' },
  ]) {
    await post(baseURL, 'auth/local/register/', { ...collaborator, lang: 'fr' }, jwt);
  }

  // The visitor the exhibitor scanned last, whose badge the kiosk prints.
  const scans = await get<{
    data: { typeScanned: string; person: { email: string | null; phone: string | null } }[];
  }>(`scans?filters[scanner][id][$eq]=${user.id}`);
  const person = scans.data.find((s) => s.typeScanned === 'visitor' && s.person.email && s.person.phone)?.person;
  if (!person) throw new Error("no visitor among the demo exhibitor's scans");
  return { ebadgeKey, kiosk: { email: person.email!, phoneDigits: person.phone!.replace(/\D/g, '').slice(-4) } };
}

import { expect, test as setup } from '@playwright/test';
import { XSRF_COOKIE, XSRF_HEADER } from '@salon/shared';
import { accounts } from './fixtures';

/**
 * The demo is the 2024 edition, over on today's clock: its home page says so and takes no
 * registration. The suite's forms need it open, as an organiser sets it in the
 * back-office: registration closes far ahead. The test of the closed site puts a date back.
 */
setup('the demo edition takes registrations until its organiser closes them', async ({ request }) => {
  await request.get('/backend/api/health');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === XSRF_COOKIE)!.value;
  const signIn = await request.post('/backend/api/auth/organiser', {
    headers: { [XSRF_HEADER]: xsrf },
    data: { identifier: accounts.organiser.email, password: accounts.organiser.password },
  });
  expect(signIn.status()).toBe(200);
  const { jwt } = (await signIn.json()) as { jwt: string };
  const headers = { authorization: `Bearer ${jwt}`, [XSRF_HEADER]: xsrf };
  const edition = (await (await request.get('/backend/api/admin/editions/7', { headers })).json()) as Record<
    string,
    unknown
  >;
  const res = await request.put('/backend/api/admin/editions/7', {
    headers,
    data: { ...edition, registrationClosesAt: '2100-01-01T00:00:00.000Z' },
  });
  expect(res.status()).toBe(200);
});

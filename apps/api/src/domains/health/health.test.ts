import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ APP_NOW: '2024-05-29T09:30:00+01:00' });
});
afterAll(() => ctx.close());

describe('health', () => {
  it('answers ok with the database kind and the server clock set by APP_NOW', async () => {
    const res = await ctx.app.inject({ url: '/backend/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; database: string; now: string }>();
    expect(body.status).toBe('ok');
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(new Date(body.now).getTime()).toBeGreaterThanOrEqual(new Date('2024-05-29T08:30:00Z').getTime());
    expect(new Date(body.now).getTime()).toBeLessThan(new Date('2024-05-29T08:40:00Z').getTime());
  });
});

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { callPath, formBody, postCollaborator, putScan } from '../src';

describe('call', () => {
  it('fills a path’s parameters, encoded, and keeps a trailing slash the call table asks for', () => {
    expect(callPath(putScan.path, { id: 'a b/c' })).toBe('scans/a%20b%2Fc');
    expect(callPath(postCollaborator.path)).toBe('auth/local/register/');
  });

  it('reads a form’s fields bare or in the Strapi data wrapper, a failure naming the field either way', () => {
    const form = formBody(z.object({ email: z.string() }));
    expect(z.parse(form, { email: 'a@b.c' })).toEqual({ email: 'a@b.c' });
    expect(z.parse(form, { data: { email: 'a@b.c' } })).toEqual({ email: 'a@b.c' });
    for (const body of [{ email: 1 }, { data: { email: 1 } }]) {
      expect(z.safeParse(form, body).error?.issues.map((i) => i.path)).toEqual([['email']]);
    }
  });
});

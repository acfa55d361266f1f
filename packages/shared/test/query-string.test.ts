import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { toQueryString } from '../src';

describe('toQueryString', () => {
  it('writes nested filters, arrays and operators the way qs reads them back', () => {
    const params = {
      filters: {
        event: { id: 7 },
        confirmed: true,
        user: { company: { $containsi: 'Béton & fils' } },
        $or: [{ gate: { name: { $containsi: 'Hall A' } } }, { booth: { $containsi: 'A-0' } }],
      },
      populate: ['gate', 'user'],
      pagination: { pageSize: 100 },
      skipped: undefined,
    };
    const s = toQueryString(params);
    expect(s).toContain('filters[event][id]=7');
    expect(s).not.toContain('skipped');
    expect(qs.parse(s)).toEqual({
      filters: {
        event: { id: '7' },
        confirmed: 'true',
        user: { company: { $containsi: 'Béton & fils' } },
        $or: [{ gate: { name: { $containsi: 'Hall A' } } }, { booth: { $containsi: 'A-0' } }],
      },
      populate: ['gate', 'user'],
      pagination: { pageSize: '100' },
    });
  });
});

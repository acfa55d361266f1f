import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { ADMIN_API, adminHttp } from './http';

const rest = simpleRestProvider(ADMIN_API, adminHttp);

/**
 * react-admin's simple REST protocol over `/backend/api/admin/`. `getMany` (reference fields) reads
 * each record by id instead of a list filtered by `id`, so that no admin list needs an `id`
 * filter; the references of a page are few (halls, an exhibitor).
 */
export const dataProvider: DataProvider = {
  ...rest,
  async getMany(resource, params) {
    const records = await Promise.all(params.ids.map((id) => rest.getOne(resource, { id })));
    return { data: records.map((r) => r.data) };
  },
};

import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'react-admin';
import { ADMIN_API, adminHttp } from './http';

const rest = simpleRestProvider(ADMIN_API, adminHttp);

/** The most rows an admin list answers at once (`MAX_PAGE` in the API's admin-list.ts). */
const API_PAGE = 500;

/**
 * react-admin's simple REST protocol over `/backend/api/admin/`. `getMany` (reference fields) reads
 * each record by id instead of a list filtered by `id`, so that no admin list needs an `id`
 * filter; the references of a page are few (halls, an exhibitor). A list asked for more rows than
 * the API answers at once (react-admin's CSV export asks for 1,000) is read in several calls.
 */
export const dataProvider: DataProvider = {
  ...rest,
  async getList<R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    if (perPage <= API_PAGE) return rest.getList<R>(resource, params);
    const start = (page - 1) * perPage;
    const data: R[] = [];
    let total = 0;
    for (let from = start; from < start + perPage; from += API_PAGE) {
      const chunk = await rest.getList<R>(resource, {
        ...params,
        pagination: { page: from / API_PAGE + 1, perPage: API_PAGE },
      });
      data.push(...chunk.data);
      total = chunk.total ?? 0;
      if (chunk.data.length < API_PAGE || from + API_PAGE >= total) break;
    }
    return { data: data.slice(0, perPage), total };
  },
  async getMany(resource, params) {
    const records = await Promise.all(params.ids.map((id) => rest.getOne(resource, { id })));
    return { data: records.map((r) => r.data) };
  },
};

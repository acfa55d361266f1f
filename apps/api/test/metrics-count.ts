import type { FastifyInstance } from 'fastify';

/**
 * How many requests /metrics has counted for one route pattern, method and status class
 * (`http_requests_total`), scraped as a Prometheus server on this machine would: a refusal
 * shows there as a 4xx of its route.
 */
export async function requestCount(
  app: FastifyInstance,
  method: string,
  route: string,
  statusClass: '2xx' | '4xx' | '5xx',
): Promise<number> {
  const res = await app.inject({ url: '/metrics' });
  if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}`);
  const series = `http_requests_total{method="${method}",route="/backend/api/${route}",status_class="${statusClass}"} `;
  const line = res.body.split('\n').find((l) => l.startsWith(series));
  return line === undefined ? 0 : Number(line.slice(series.length));
}

/** The counts of one route's answers by status class, to compare before and after some calls. */
export async function routeCounts(app: FastifyInstance, method: string, route: string) {
  return {
    ok: await requestCount(app, method, route, '2xx'),
    refused: await requestCount(app, method, route, '4xx'),
    failed: await requestCount(app, method, route, '5xx'),
  };
}

/**
 * Strapi-style query strings (`filters[event][id]=7`, `populate[0]=logo`) without a library, so
 * that the browser bundle stays small. The API parses them with `qs`.
 */
export function toQueryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (Array.isArray(value)) value.forEach((v, i) => add(`${key}[${i}]`, v));
    else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      const name = encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
      parts.push(`${name}=${encodeURIComponent(String(value))}`);
    }
    // undefined and null add nothing: an empty search is no filter.
  };
  for (const [k, v] of Object.entries(params)) add(k, v);
  return parts.join('&');
}

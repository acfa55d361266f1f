import { langParam, type WebLoadContext } from '@salon/shared';
import { serverT } from './i18n.server';
import type { Seo } from './seo';

/**
 * Title, description and Open Graph data of a page, translated on the server. The page's
 * texts live under `pages.<key>` in the translation files (title, lead or description).
 */
export function pageSeo(
  request: Request,
  context: unknown,
  key: string,
  /** values: what the texts are filled with beyond the current edition's facts ({ year } of another). */
  options: { brandInTitle?: boolean; values?: Record<string, unknown> } = {},
): Seo {
  const { lang, t } = serverT(request, context);
  const base = (context as Partial<WebLoadContext> | undefined)?.publicUrl ?? new URL(request.url).origin;
  const url = new URL(request.url);
  const values = options.values ?? {};
  const description = t(`pages.${key}.description`, { ...values, defaultValue: t(`pages.${key}.lead`, values) });
  const title = t(`pages.${key}.title`, values);
  return {
    title: options.brandInTitle === false ? title : `${title} — ${t('brand.short')}`,
    description,
    url: `${base}${url.pathname}${langParam(lang, '?')}`,
    lang,
    image: `${base}/assets/images/og-image.jpg`,
  };
}

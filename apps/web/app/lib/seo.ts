import type { MetaDescriptor } from 'react-router';
import { LOCALES, type Language } from '@salon/shared';

export interface Seo {
  title: string;
  description: string;
  url: string;
  lang: Language;
  image: string;
}

export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  return [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: seo.title.split(' — ').pop() ?? seo.title },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.url },
    { property: 'og:image', content: seo.image },
    { property: 'og:locale', content: LOCALES[seo.lang].replace('-', '_') },
    { tagName: 'link', rel: 'canonical', href: seo.url },
  ];
}

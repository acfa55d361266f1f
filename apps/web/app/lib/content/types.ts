/** Shapes of the content API (`/backend/api/...`), as the pages read them. */
export interface Media {
  id: number;
  url: string;
  alternativeText: string | null;
  width: number | null;
  height: number | null;
  formats?: { small?: { url: string } };
}
export interface Banner {
  id: number;
  emplacement: 'Haut' | 'Bas';
  lien: string | null;
  fichier_desktop: Media | null;
  fichier_mobile: Media | null;
}
export interface Partner {
  id: number;
  name: string;
  url: string | null;
  logo: Media | null;
}
export interface GalleryItem {
  id: number;
  captionFr: string | null;
  captionEn: string | null;
  image: Media | null;
}
export interface Testimonial {
  id: number;
  author: string;
  roleFr: string | null;
  roleEn: string | null;
  quoteFr: string;
  quoteEn: string;
}
export interface Sector {
  id: number;
  nameFr: string;
  nameEn: string;
  descriptionFr: string | null;
  descriptionEn: string | null;
}
export interface ShowRecord {
  logo_sponsor_officiel: Media | null;
  logo_pays_invite_honneur: Media | null;
  media_full_background: Media | null;
}
export interface Agency {
  name: string;
  email: string | null;
  website: string | null;
  logo: Media | null;
  logo_footer: Media | null;
  image: Media | null;
}
export interface Conference {
  id: number;
  number: string;
  kind: 'conference' | 'academy' | 'sponsor';
  titleFr: string;
  titleEn: string;
  themeFr: string | null;
  themeEn: string | null;
  descriptionFr: string | null;
  descriptionEn: string | null;
  day: string;
  startsAt: string;
  endsAt: string;
}
export interface DirectoryEntry {
  id: number;
  booth: string | null;
  gate: { id: number; name: string } | null;
  user: {
    id: number;
    company: string;
    secteur_activite: string | null;
    businessSector: string | null;
    avatar: Media | null;
  };
}
export interface Pagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}
export interface ListResponse<T> {
  data: T[];
  meta?: { pagination?: Pagination };
}
export interface ItemResponse<T> {
  data: T | null;
}

/** Picks the French or English field of a bilingual record. */
export function localized(lang: string, fr: string | null | undefined, en: string | null | undefined): string {
  return (lang === 'en' ? en || fr : fr || en) ?? '';
}

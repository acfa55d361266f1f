import { preload } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Banner } from '@salon/shared';

/** An organiser's banner: the mobile file on phones, the desktop file on wider screens. */
export function BannerBlock({ banner }: { banner: Banner | undefined }) {
  const { t } = useTranslation();
  if (!banner?.fichier_desktop && !banner?.fichier_mobile) return null;
  const desktop = banner.fichier_desktop ?? banner.fichier_mobile;
  const mobile = banner.fichier_mobile ?? banner.fichier_desktop;
  const isTop = banner.emplacement === 'Haut';
  if (isTop) {
    // Near the fold on phones, the top banner is often the page's largest image: fetch the file
    // the screen will show from the <head>, not once the parser reaches it.
    preload(mobile!.url, { as: 'image', fetchPriority: 'high', media: '(max-width: 767.98px)' });
    preload(desktop!.url, { as: 'image', fetchPriority: 'high', media: '(min-width: 768px)' });
  }
  const picture = (
    <picture>
      <source media="(min-width: 768px)" srcSet={desktop!.url} />
      <img
        src={mobile!.url}
        alt={desktop!.alternativeText ?? ''}
        width={mobile!.width ?? undefined}
        height={mobile!.height ?? undefined}
        loading={isTop ? 'eager' : 'lazy'}
        fetchPriority={isTop ? 'high' : undefined}
      />
    </picture>
  );
  return (
    <aside
      className={`banner banner-${banner.emplacement.toLowerCase()}`}
      data-testid={`banner-${banner.emplacement}`}
      aria-label={t(banner.emplacement === 'Haut' ? 'home.bannerTop' : 'home.bannerBottom')}
    >
      {banner.lien ? <a href={banner.lien}>{picture}</a> : picture}
    </aside>
  );
}

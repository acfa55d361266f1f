import { asLanguage, pickFilled } from '@salon/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { FALLBACK_SECTOR_COUNT, type PageSector } from '../data';

/** A sector's anchor on the sectors page. */
export const sectorAnchor = (position: number) => `secteur-${position}`;

/** The names to show: the API's, or else the specification's list from the translations. */
export function useSectorNames(sectors: PageSector[]): { key: string; anchor: string; name: string }[] {
  const { t, i18n } = useTranslation();
  if (sectors.length) {
    return sectors.map((s, i) => ({
      key: String(s.id),
      anchor: sectorAnchor(i + 1),
      name: pickFilled(asLanguage(i18n.language), s.name),
    }));
  }
  return Array.from({ length: FALLBACK_SECTOR_COUNT }, (_, i) => ({
    key: `fallback-${i + 1}`,
    anchor: sectorAnchor(i + 1),
    name: t(`pages.secteurs.fallback.s${i + 1}`),
  }));
}

/**
 * The sector carousel: a list that scrolls sideways with snapping, by touch, trackpad or
 * keyboard (each card is a link), without any script. The section around it names it.
 */
export function SectorStrip({ sectors }: { sectors: PageSector[] }) {
  const names = useSectorNames(sectors);
  return (
    <div className="info-strip">
      <ul className="info-strip-list">
        {names.map((s) => (
          <li key={s.key}>
            <Link className="info-strip-card" to={`${paths.secteurs}#${s.anchor}`}>
              {s.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

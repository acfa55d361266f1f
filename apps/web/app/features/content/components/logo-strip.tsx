import type { Partner } from '@salon/shared';
import { Strip } from './strip';

export function LogoStrip({ label, partners }: { label: string; partners: Partner[] }) {
  if (partners.length === 0) return null;
  return (
    <Strip label={label} className="logo-strip">
      {partners.map((p) => {
        const logo = p.logo ? (
          <img src={p.logo.url} alt={p.name} width="140" height="140" loading="lazy" />
        ) : (
          <span>{p.name}</span>
        );
        return <li key={p.id}>{p.url ? <a href={p.url}>{logo}</a> : logo}</li>;
      })}
    </Strip>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A titled section of an information page, labelled by its h2. */
export function InfoSection({
  id,
  title,
  children,
  className = '',
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`info-section ${className}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** Key figures: `pages.<pageKey>.figures.<id>.value` and `.label`. */
export function KeyFigures({ pageKey, ids }: { pageKey: string; ids: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <ul className="info-figures">
      {ids.map((id) => (
        <li key={id}>
          <strong className="info-figure-value">{t(`pages.${pageKey}.figures.${id}.value`)}</strong>
          <span className="info-figure-label">{t(`pages.${pageKey}.figures.${id}.label`)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Titled items (reasons, areas, benefits): `pages.<pageKey>.<group>.<id>.title` and `.text`,
 * each with an h3 under the section's h2. `ordered` for the specification's numbered reasons.
 */
export function ItemList({
  pageKey,
  group,
  ids,
  ordered = false,
  extra,
}: {
  pageKey: string;
  group: string;
  ids: readonly string[];
  ordered?: boolean;
  /** Something to add under one item, e.g. a link. */
  extra?: (id: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const items = ids.map((id) => (
    <li key={id} id={`${group}-${id}`}>
      <h3>{t(`pages.${pageKey}.${group}.${id}.title`)}</h3>
      <p>{t(`pages.${pageKey}.${group}.${id}.text`)}</p>
      {extra?.(id)}
    </li>
  ));
  return ordered ? <ol className="info-items info-items-ordered">{items}</ol> : <ul className="info-items">{items}</ul>;
}

/** Plain bullet points: `pages.<pageKey>.<group>.<id>`. */
export function BulletList({ pageKey, group, ids }: { pageKey: string; group: string; ids: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <ul className="info-bullets">
      {ids.map((id) => (
        <li key={id}>{t(`pages.${pageKey}.${group}.${id}`)}</li>
      ))}
    </ul>
  );
}

/** Links to other pages, titled by their menu entries. */
export function PageLinks({ links }: { links: { key: string; to: string }[] }) {
  const { t } = useTranslation();
  return (
    <ul className="info-links">
      {links.map((link) => (
        <li key={link.key}>
          <Link to={link.to}>{t(`pages.${link.key}.title`)}</Link>
        </li>
      ))}
    </ul>
  );
}

/** An e-mail address as a link; on a narrow line it breaks after the '@', not inside a word. */
export function MailLink({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    <a className="info-mail" href={`mailto:${email}`}>
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </a>
  );
}

/** Free entry and the documents it needs (specification, section 1). */
export function EntryConditions() {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('pages.infosPratiques.entry.intro')}</p>
      <BulletList pageKey="infosPratiques" group="entry.items" ids={['badge', 'invitation', 'card']} />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import {
  asLanguage,
  getBanners,
  getEvents,
  getGalleries,
  getPartners,
  getPressPartners,
  getSectors,
  getSib,
  getTestimonials,
  pickFilled,
  type Agency,
  type RegistrationState,
  type WebLoadContext,
} from '@salon/shared';
import { formLinks, homeFormIds, paths } from '../config/paths';
import { contentQueries } from '../lib/content/queries';
import { BannerBlock } from '../features/content/components/banner';
import { lazyWhenVisible } from '../lib/lazy-when-visible';
import { RegistrationClosed } from '../features/registration/components/registration-closed';
import { LogoStrip } from '../features/content/components/logo-strip';
import { Strip } from '../features/content/components/strip';
import { useContact, useSiteSettings } from '../lib/site-settings';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import { loaderDataOr } from '../lib/server-api';
import type { Route } from './+types/home';
import './home.css';
import '../features/registration/registration.css';

// Far below the fold: their form and validation code loads when they come near the screen.
const HomeForms = lazyWhenVisible(
  () => import('../features/registration/components/home-forms'),
  Object.values(homeFormIds),
);
const NewsletterForm = lazyWhenVisible(() => import('../features/registration/components/newsletter-form'));

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context as Partial<WebLoadContext> | undefined;
  // Each block reads on its own: a failed content call leaves its block out, never the page.
  const [sib, banners, gallery, partners, press, testimonials, sectors] = await Promise.all([
    loaderDataOr(context, getSib, { query: contentQueries.sib }, null),
    loaderDataOr(context, getBanners, { query: contentQueries.bannieres }, []),
    loaderDataOr(context, getGalleries, { query: contentQueries.galeries }, []),
    loaderDataOr(context, getPartners, { query: contentQueries.partenaires }, []),
    loaderDataOr(context, getPressPartners, { query: contentQueries.partenairesPresses }, []),
    loaderDataOr(context, getTestimonials, { query: contentQueries.temoignages }, []),
    loaderDataOr(context, getSectors, { query: contentQueries.sectors }, []),
  ]);
  // The show over, the page thanks its visitors with the edition's figures.
  const closed = ctx?.registration && !ctx.registration.open;
  const editions = closed ? await loaderDataOr(context, getEvents, {}, []) : [];
  const edition = editions.find((e) => e.year === ctx?.show?.year);
  return {
    seo: pageSeo(request, context, 'home', { brandInTitle: false }),
    figures: edition ? { exhibitors: edition.exhibitors, visitors: edition.visitors } : null,
    sib,
    banners,
    gallery,
    partners,
    press,
    testimonials,
    sectors,
    underConstruction: ctx?.underConstruction ?? false,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

const ORGANISERS = ['institution-1', 'institution-2', 'organisateur', 'co-organisateur'] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const agency = useRouteLoaderData<{ agency: Agency | null }>('components/layout/site-layout')?.agency;
  const root = useRouteLoaderData<{ productSlug?: string; registration?: RegistrationState | null }>('root');
  const productSlug = root?.productSlug ?? 'salon';
  // No registration now: the forms give way to what the page says instead (RegistrationClosed).
  const closed = root?.registration && !root.registration.open ? root.registration : null;
  const { sib, banners, gallery, partners, press, testimonials, sectors } = loaderData;
  // The show over, its thanks come first, under the hero, and the bottom banner (its call to come) goes.
  const over = closed && !closed.opensAt && closed.phase === 'after';
  const closedBlock = closed && <RegistrationClosed state={closed} figures={loaderData.figures} />;
  // The organiser's tour (back-office settings); none, no frame.
  const { virtualTourUrl } = useSiteSettings();
  const contactEmail = useContact('general').email ?? agency?.email;
  const background = sib?.media_full_background?.url;
  return (
    <>
      {loaderData.underConstruction && (
        <div className="construction-notice" role="status">
          <div className="container">
            <strong>{t('home.construction.title')}</strong>{' '}
            {contactEmail ? (
              <>
                {t('home.construction.text')} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
              </>
            ) : (
              <Link to={paths.infosContact}>{t('contact.viaForm')}</Link>
            )}
          </div>
        </div>
      )}
      <section className="hero">
        {/* The organiser's banner, covering the hero behind its shade: an image, never a style
            attribute, which the CSP refuses (style-src-attr 'none'). Fetched first: it is the
            largest thing on the screen. */}
        {background && <img className="hero-backdrop" src={background} alt="" fetchPriority="high" />}
        <div className="hero-shade">
          <div className="container hero-inner">
            <img src="/assets/images/logo.svg" alt={t('brand.name')} width="120" height="120" fetchPriority="high" />
            <p className="hero-edition">{t('home.edition')}</p>
            <h1>{t('home.title')}</h1>
            <p className="hero-theme">{t('home.theme')}</p>
            <p className="hero-dates">{t('brand.dates')}</p>
            {!closed && (
              <div className="hero-actions">
                <Link className="btn btn-primary" to={formLinks.visitorRegistration}>
                  {t('home.ctaBadge')}
                </Link>
                <Link className="btn btn-light" to={formLinks.exhibitorEnquiry}>
                  {t('common.exhibit')}
                </Link>
              </div>
            )}
            {(sib?.logo_sponsor_officiel || sib?.logo_pays_invite_honneur) && (
              <div className="hero-sponsors">
                {sib.logo_sponsor_officiel && (
                  <figure>
                    <img src={sib.logo_sponsor_officiel.url} alt="" width="72" height="72" />
                    <figcaption>{t('home.officialSponsor')}</figcaption>
                  </figure>
                )}
                {sib.logo_pays_invite_honneur && (
                  <figure>
                    <img src={sib.logo_pays_invite_honneur.url} alt="" width="72" height="72" />
                    <figcaption>{t('home.guestCountry')}</figcaption>
                  </figure>
                )}
              </div>
            )}
          </div>
        </div>
      </section>

      {over && closedBlock}

      <BannerBlock banner={banners.find((b) => b.emplacement === 'Haut')} />

      <section className="organisers container" aria-labelledby="organisers-title">
        <h2 id="organisers-title" className="visually-hidden">
          {t('home.organisersTitle')}
        </h2>
        <ul className="organiser-logos">
          {ORGANISERS.map((key) => (
            <li key={key}>
              <img src={`/assets/images/${key}.svg`} alt="" width="96" height="96" loading="lazy" />
              <span>{t(`home.organisers.${key}`)}</span>
            </li>
          ))}
          <li>
            <img
              src={agency?.logo?.url ?? '/assets/images/logo-fallback.svg'}
              alt=""
              width="96"
              height="96"
              loading="lazy"
            />
            <span>{agency?.name ? t('home.organisers.delegue', { name: agency.name }) : t('footer.delegated')}</span>
          </li>
        </ul>
      </section>

      <section className="container presentation" aria-label={t('home.presentationLabel')}>
        <article className="card">
          <h2>{t('home.show.title')}</h2>
          <p>{t('home.show.text')}</p>
          <Link to={`/${productSlug}`} className="more-link">
            {t('home.more')} <span className="visually-hidden">— {t('home.show.title')}</span>
          </Link>
        </article>
        <article className="card">
          <h2>{t('home.forum.title')}</h2>
          <p>{t('home.forum.text')}</p>
          <Link to={paths.forum} className="more-link">
            {t('home.more')} <span className="visually-hidden">— {t('home.forum.title')}</span>
          </Link>
        </article>
      </section>

      {virtualTourUrl && (
        <section className="container tour" aria-labelledby="tour-title">
          <h2 id="tour-title">{t('home.tour.title')}</h2>
          {/* A 3D tour is a whole application from another site (its scripts, WebGL, megabytes):
              it loads when the visitor opens it, not with the page. A lazy frame inside a closed
              <details> is not loaded, with or without the page's scripts (decision 029). */}
          <details className="tour-frame">
            <summary>{t('home.tour.open')}</summary>
            <iframe
              src={virtualTourUrl}
              title={t('home.tour.frameTitle')}
              loading="lazy"
              allow="fullscreen; xr-spatial-tracking"
              allowFullScreen
            />
          </details>
        </section>
      )}

      {gallery.length > 0 && (
        <section className="container" aria-labelledby="gallery-title">
          <h2 id="gallery-title">{t('home.gallery')}</h2>
          <Strip label={t('home.gallery')} className="photo-strip">
            {gallery.map((g) =>
              g.image ? (
                <li key={g.id}>
                  <figure>
                    {/* The caption describes the photo: the image itself needs no second text. */}
                    <img src={g.image.url} alt="" width="320" height="240" loading="lazy" />
                    <figcaption>{pickFilled(lang, g.caption)}</figcaption>
                  </figure>
                </li>
              ) : null,
            )}
          </Strip>
        </section>
      )}

      {sectors.length > 0 && (
        <section className="container" aria-labelledby="sectors-title">
          <h2 id="sectors-title">{t('home.sectors')}</h2>
          <Strip label={t('home.sectors')} className="sector-strip">
            {sectors.map((s) => (
              <li key={s.id}>
                <Link to={paths.secteurs} className="sector-card">
                  {pickFilled(lang, s.name)}
                </Link>
              </li>
            ))}
          </Strip>
        </section>
      )}

      {closed ? !over && closedBlock : <HomeForms />}

      {testimonials.length > 0 && (
        <section className="container" aria-labelledby="testimonials-title">
          <h2 id="testimonials-title">{t('home.testimonials')}</h2>
          <ul className="testimonials">
            {testimonials.map((q) => (
              <li key={q.id}>
                <blockquote>
                  <p>{pickFilled(lang, q.quote)}</p>
                  <footer>
                    {q.author}
                    {pickFilled(lang, q.role) && <>, {pickFilled(lang, q.role)}</>}
                  </footer>
                </blockquote>
              </li>
            ))}
          </ul>
        </section>
      )}

      {partners.length > 0 && (
        <section className="container" aria-labelledby="partners-title">
          <h2 id="partners-title">{t('home.partners')}</h2>
          <LogoStrip label={t('home.partners')} partners={partners} />
        </section>
      )}
      {press.length > 0 && (
        <section className="container" aria-labelledby="press-title">
          <h2 id="press-title">{t('home.press')}</h2>
          <LogoStrip label={t('home.press')} partners={press} />
        </section>
      )}

      <section id="newsletter" className="newsletter">
        <div className="container">
          <h2>{t('home.newsletter.title')}</h2>
          <p>{t('home.newsletter.text')}</p>
          <NewsletterForm />
        </div>
      </section>

      {!over && <BannerBlock banner={banners.find((b) => b.emplacement === 'Bas')} />}
    </>
  );
}

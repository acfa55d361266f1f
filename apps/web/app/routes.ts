import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** Every route of the specification's route table; paths also live in config/paths.ts. */
export default [
  layout('components/layout/site-layout.tsx', [
    index('routes/home.tsx'),
    route('accueil', 'routes/redirect-home.tsx', { id: 'accueil' }),
    route('historique', 'routes/historique.tsx'),
    route('forum', 'routes/forum.tsx'),
    route('secteurs-activites', 'routes/secteurs-activites.tsx'),
    route('bientot-disponible', 'routes/bientot-disponible.tsx'),
    route('biographie-des-intervenants', 'routes/biographie-des-intervenants.tsx'),
    route('pourquoi-exposer', 'routes/pourquoi-exposer.tsx'),
    route('pourquoi-sponsoriser', 'routes/pourquoi-sponsoriser.tsx'),
    route('intervenir-lors-du-forum', 'routes/intervenir-lors-du-forum.tsx'),
    route('conference', 'routes/conference.tsx'),
    route('annuaire', 'routes/annuaire.tsx'),
    // An exhibitor's page: its company's name in plain letters and its id ('ciments-du-maroc-42').
    route('annuaire/:slug', 'routes/exposant.tsx'),
    route('programme-du-forum', 'routes/programme-du-forum.tsx'),
    route('editorial', 'routes/editorial.tsx'),
    route('structure-et-organisation', 'routes/structure-et-organisation.tsx'),
    route('infos-pratiques', 'routes/infos-pratiques.tsx'),
    route('infos-horaire', 'routes/infos-horaire.tsx'),
    route('infos-lieu', 'routes/infos-lieu.tsx'),
    route('infos-acces-au-salon', 'routes/infos-acces-au-salon.tsx'),
    route('infos-contact', 'routes/infos-contact.tsx'),
    route('telechargement', 'routes/telechargement.tsx'),
    route('ma-visite', 'routes/ma-visite.tsx'),
    route('not-found', 'routes/not-found.tsx'),
    // Shared coming-soon page, as the specification's route table says.
    route('exposer', 'routes/bientot-disponible.tsx', { id: 'exposer' }),
    route('demander-votre-badge', 'routes/bientot-disponible.tsx', { id: 'demander-votre-badge' }),
    route('assister-au-forum', 'routes/bientot-disponible.tsx', { id: 'assister-au-forum' }),
    route('conference/:id', 'routes/conference-detail.tsx'),
    route('newsletter', 'routes/newsletter.tsx'),
    route('login', 'routes/login.tsx'),
    route('mot-de-passe-oublie', 'routes/mot-de-passe-oublie.tsx'),
    route('definir-mot-de-passe', 'routes/definir-mot-de-passe.tsx'),
    // The pages of the links mailed for a collaborator invitation and a new sign-in address.
    route('invitation-collaborateur', 'routes/invitation-collaborateur.tsx'),
    route('confirmer-email', 'routes/confirmer-email.tsx'),
    // The page of the link mailed by 'Inviter les exposants de 2024'.
    route('confirmer-participation', 'routes/confirmer-participation.tsx'),
    route('espace-exposant', 'routes/espace-exposant.tsx'),
    route('connect/google/redirect', 'routes/google-redirect.tsx'),
    // One segment: an edition's /plan-<year> and /programme-<year>, the show presentation at its
    // configured slug; any other goes home.
    route(':product', 'routes/product.tsx'),
    route('*', 'routes/redirect-home.tsx', { id: 'unknown' }),
  ]),
  layout('components/layout/minimal-layout.tsx', [
    route('ebadge', 'routes/ebadge.tsx'),
    route('borne', 'routes/borne.tsx'),
    route('login-controleur', 'routes/login-controleur.tsx'),
    route('espace-controleur', 'routes/espace-controleur.tsx'),
    // The gate screen under both of the specification's names.
    route('controleur', 'routes/controleur.tsx'),
    route('read-badge', 'routes/controleur.tsx', { id: 'read-badge' }),
    route('scanner', 'routes/scanner.tsx'),
  ]),
  // /admin, the organisers' back-office, is a build of its own (vite.admin.config.ts) served by the API.
] satisfies RouteConfig;

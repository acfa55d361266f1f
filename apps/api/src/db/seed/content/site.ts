/**
 * Seed content: what the demo's public pages show (testimonials, partners, gallery captions, the
 * agency and the site settings). Fictional, like the rest.
 */
import type { Multilingual } from '../../schema/columns';

/**
 * A testimonial about past editions. The author is a name, shown as typed in both languages; who
 * they are goes in the role, which has its English.
 */
export interface Testimonial {
  author: string;
  role: Multilingual<string>;
  quote: Multilingual<string>;
}

// Testimonials from past participants (fictional names), in display order.
export const TESTIMONIALS: Testimonial[] = [
  {
    author: 'Karim B.',
    role: {
      fr: 'Exposant, Hall B — fabricant de matériaux de construction',
      en: 'Exhibitor, Hall B — building materials manufacturer',
    },
    quote: {
      fr: 'Lors de l’édition 2017, nous avons rencontré en quatre jours plus de clients qu’en plusieurs mois de prospection. Nous serons de nouveau présents cette année.',
      en: 'At the 2017 edition, we met more customers in four days than in several months of prospecting. We will be back again this year.',
    },
  },
  {
    author: 'Salma E.',
    role: { fr: 'Visiteuse professionnelle, architecte', en: 'Trade visitor, architect' },
    quote: {
      fr: 'Le salon est l’endroit idéal pour découvrir en un seul lieu les nouveaux matériaux et rencontrer directement les fabricants.',
      en: 'The show is the ideal place to discover new materials in one location and meet manufacturers directly.',
    },
  },
  {
    author: 'Marco R.',
    role: {
      fr: 'Exposant international, Hall D — distributeur d’équipements de chantier',
      en: 'International exhibitor, Hall D — site equipment distributor',
    },
    quote: {
      fr: 'Notre participation en 2010 nous a permis de trouver un partenaire local et d’ouvrir notre premier bureau au Maroc.',
      en: 'Taking part in 2010 helped us find a local partner and open our first office in Morocco.',
    },
  },
  {
    author: 'Hicham T.',
    role: { fr: 'Intervenant du forum, ingénieur conseil', en: 'Forum speaker, consulting engineer' },
    quote: {
      fr: 'Les conférences du forum réunissent décideurs publics et entreprises autour de questions très concrètes. Les débats de la dernière édition ont été particulièrement riches.',
      en: 'The forum conferences bring public decision-makers and companies together around very practical questions. The debates at the last edition were particularly rich.',
    },
  },
  {
    author: 'Nadia K.',
    role: {
      fr: 'Responsable développement d’un bureau d’études',
      en: 'Business development manager at a design office',
    },
    quote: {
      fr: 'Nous venons à chaque édition pour suivre les évolutions réglementaires et techniques du secteur. Les échanges sur les stands sont toujours de grande qualité.',
      en: "We come to every edition to keep up with the sector's regulatory and technical changes. Discussions on the stands are always of high quality.",
    },
  },
  {
    author: 'Youssef A.',
    role: {
      fr: 'Visiteur, directeur de programmes d’un promoteur immobilier',
      en: 'Visitor, programme director at a property developer',
    },
    quote: {
      fr: 'En 2017, nous avons sélectionné au salon plusieurs fournisseurs pour nos nouveaux projets résidentiels.',
      en: 'In 2017, we selected several suppliers at the show for our new residential projects.',
    },
  },
];

/** The authors earlier demos wrote, French descriptions that stayed French on English pages, by their TESTIMONIALS index. */
export const FRENCH_TESTIMONIAL_AUTHORS = [
  'Un exposant, Hall B',
  'Une visiteuse professionnelle',
  'Un exposant international, Hall D',
  'Un intervenant du forum',
  'Une représentante d’un bureau d’études',
  'Un promoteur immobilier, visiteur',
];

/** A partner shown in the partner carousels. */
export interface PartnerSeed {
  name: string;
  url: string | null;
}

// Fictional institutional and business partners of the show.
export const PARTNERS: PartnerSeed[] = [
  { name: 'Fédération nationale du bâtiment (démo)', url: 'https://example.com/federation' },
  { name: 'Association des importateurs de matériaux (démo)', url: 'https://example.com/importateurs' },
  { name: 'Ministère chargé de l’Habitat (démo)', url: null },
  { name: 'Ministère chargé de l’Équipement (démo)', url: null },
  { name: 'Chambre régionale de commerce (démo)', url: 'https://example.com/chambre-commerce' },
  { name: 'Banque Atlas Partenaire (démo)', url: 'https://example.com/banque' },
  { name: 'Assurances Chantier Plus (démo)', url: 'https://example.com/assurances' },
  { name: 'Réseau des laboratoires du BTP (démo)', url: null },
];

// Fictional trade media partners of the show.
export const PRESS_PARTNERS: PartnerSeed[] = [
  { name: 'Bâtir Hebdo (démo)', url: 'https://example.com/batir-hebdo' },
  { name: 'Chantiers & Infrastructures Magazine (démo)', url: 'https://example.com/chantiers-infrastructures' },
  { name: 'Le Journal du Béton (démo)', url: null },
  { name: 'Archi Maghreb Revue (démo)', url: 'https://example.com/archi-maghreb' },
  { name: 'Habitat Horizon TV (démo)', url: null },
  { name: 'Radio Chantier FM (démo)', url: 'https://example.com/radio-chantier' },
];

/** Caption of a photo from a past edition, in each language. */
export interface GalleryItem {
  caption: Multilingual<string>;
}

// Captions of gallery photos from past editions, in display order.
export const GALLERY: GalleryItem[] = [
  { caption: { fr: 'Allées du salon, édition 2017', en: 'Show aisles, 2017 edition' } },
  { caption: { fr: 'Cérémonie d’ouverture, édition 2017', en: 'Opening ceremony, 2017 edition' } },
  { caption: { fr: 'Conférence du forum, édition 2017', en: 'Forum conference, 2017 edition' } },
  {
    caption: {
      fr: 'Démonstration d’engins de chantier, édition 2010',
      en: 'Construction machinery demonstration, 2010 edition',
    },
  },
  {
    caption: {
      fr: 'Stands du pavillon international, édition 2010',
      en: 'International pavilion stands, 2010 edition',
    },
  },
  {
    caption: {
      fr: 'Rencontres d’affaires entre exposants, édition 2008',
      en: 'Business meetings between exhibitors, 2008 edition',
    },
  },
  { caption: { fr: 'Espace des matériaux innovants, édition 2008', en: 'Innovative materials area, 2008 edition' } },
  {
    caption: {
      fr: 'Accueil des visiteurs professionnels, édition 2006',
      en: 'Welcoming professional visitors, 2006 edition',
    },
  },
];

/**
 * The fictional events agency acting as delegated organiser: demo data (the reference data makes
 * the agency's record with no name, which the organiser fills in the back-office).
 */
export const AGENCY: { name: string; email: string; website: string } = {
  name: 'Agence Médina Événements (démo)',
  email: 'contact@example.com',
  website: 'https://www.example.com',
};

/**
 * The demo's venue, public contacts and virtual tour (site settings): fictional, like the rest.
 * The tour is the sample model of Matterport's own developer documentation.
 */
export const DEMO_SITE_SETTINGS = {
  venueName: 'Parc des expositions de Marrakech (démo)',
  venueAddress: 'Route de l’Ourika, km 8\n40000 Marrakech\nMaroc',
  mapUrl: null,
  generalEmail: 'contact@example.com',
  generalPhone: '+212 5 00 00 00 01',
  exhibitorsEmail: 'exposants@example.com',
  exhibitorsPhone: '+212 5 00 00 00 02',
  salesEmail: 'commercial@example.com',
  salesPhone: '+212 5 00 00 00 03',
  pressEmail: 'presse@example.com',
  pressPhone: null,
  speakersEmail: 'forum@example.com',
  speakersPhone: '+212 5 00 00 00 04',
  virtualTourUrl: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
};

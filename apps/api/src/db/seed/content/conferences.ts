/** Seed content: the forum programme of the 2024 edition, in French and English (fictional). */
import type { Texts } from '@salon/shared';

/** A forum session (conference, training academy or sponsor session). */
export interface ConferenceSeed {
  number: string;
  kind: 'conference' | 'academy' | 'sponsor';
  title: Partial<Texts>;
  theme: Partial<Texts>;
  description: Partial<Texts>;
  /** YYYY-MM-DD */
  day: string;
  /** HH:MM */
  startsAt: string;
  /** HH:MM */
  endsAt: string;
}

// The forum programme of the 2024 edition, in chronological order.
export const CONFERENCES: ConferenceSeed[] = [
  {
    number: 'N°1',
    kind: 'conference',
    title: {
      fr: 'Construire le Maroc de demain : enjeux et priorités à l’horizon 2030',
      en: "Building tomorrow's Morocco: challenges and priorities towards 2030",
    },
    theme: { fr: 'Vision et stratégie du secteur', en: 'Sector vision and strategy' },
    description: {
      fr: 'La conférence d’ouverture dresse un état des lieux du secteur du bâtiment et des travaux publics. Elle présente les grands chantiers prévus d’ici 2030 et les conditions de leur réussite.',
      en: 'The opening conference reviews the state of the building and public-works sector. It presents the major projects planned by 2030 and the conditions for their success.',
    },
    day: '2024-05-29',
    startsAt: '10:00',
    endsAt: '12:00',
  },
  {
    number: 'N°2.1',
    kind: 'conference',
    title: {
      fr: 'Infrastructures pour les grands événements sportifs',
      en: 'Infrastructure for major sporting events',
    },
    theme: { fr: 'Grands événements et infrastructures', en: 'Major events and infrastructure' },
    description: {
      fr: 'Stades, transports, hébergement : l’accueil de grandes compétitions exige des infrastructures livrées dans des délais serrés. Cette session aborde la planification, la coordination des acteurs et l’héritage laissé aux territoires.',
      en: 'Stadiums, transport, accommodation: hosting major competitions requires infrastructure delivered on tight deadlines. This session covers planning, coordination of stakeholders and the legacy left to the regions.',
    },
    day: '2024-05-29',
    startsAt: '15:00',
    endsAt: '16:30',
  },
  {
    number: 'N°2.2',
    kind: 'conference',
    title: {
      fr: 'Mobilité et transport : relier les villes de demain',
      en: "Mobility and transport: connecting tomorrow's cities",
    },
    theme: { fr: 'Grands événements et infrastructures', en: 'Major events and infrastructure' },
    description: {
      fr: 'Routes, rail et transports urbains doivent accompagner la croissance des villes et les flux de visiteurs. Les intervenants partagent des retours d’expérience sur la conception et l’exploitation des réseaux.',
      en: 'Roads, rail and urban transport must keep pace with urban growth and visitor flows. Speakers share lessons learned on the design and operation of networks.',
    },
    day: '2024-05-29',
    startsAt: '16:30',
    endsAt: '18:00',
  },
  {
    number: 'N°3',
    kind: 'conference',
    title: {
      fr: 'Habitat pour tous : produire des logements de qualité à coût maîtrisé',
      en: 'Housing for all: delivering quality homes at controlled cost',
    },
    theme: { fr: 'Logement et cadre de vie', en: 'Housing and living environment' },
    description: {
      fr: 'La demande de logements reste forte, en particulier pour les ménages aux revenus modestes et intermédiaires. Cette conférence examine les leviers techniques, fonciers et réglementaires pour construire mieux et plus vite.',
      en: 'Housing demand remains strong, especially for low- and middle-income households. This conference examines the technical, land and regulatory levers for building better and faster.',
    },
    day: '2024-05-30',
    startsAt: '10:00',
    endsAt: '12:00',
  },
  {
    number: 'N°4',
    kind: 'conference',
    title: {
      fr: 'Construction durable : matériaux, efficacité énergétique et gestion de l’eau',
      en: 'Sustainable construction: materials, energy efficiency and water management',
    },
    theme: { fr: 'Eau, énergie et environnement', en: 'Water, energy and environment' },
    description: {
      fr: 'Réduire l’empreinte carbone des bâtiments passe par le choix des matériaux, la sobriété énergétique et une gestion raisonnée de l’eau. Les échanges porteront sur les normes, les solutions disponibles et leur coût sur tout le cycle de vie.',
      en: "Reducing buildings' carbon footprint depends on the choice of materials, energy sobriety and careful water management. Discussions will cover standards, available solutions and their whole-life cost.",
    },
    day: '2024-05-30',
    startsAt: '15:00',
    endsAt: '17:30',
  },
  {
    number: 'N°5.1',
    kind: 'conference',
    title: {
      fr: 'BIM et transformation numérique des chantiers',
      en: 'BIM and the digital transformation of construction sites',
    },
    theme: { fr: 'Numérique et innovation', en: 'Digital and innovation' },
    description: {
      fr: 'La maquette numérique, les outils collaboratifs et le suivi de chantier connecté changent la façon de concevoir et de construire. Cette session présente des cas concrets et les étapes pour engager cette transition.',
      en: 'Digital models, collaborative tools and connected site monitoring are changing how projects are designed and built. This session presents practical cases and the steps to start this transition.',
    },
    day: '2024-05-31',
    startsAt: '15:00',
    endsAt: '16:30',
  },
  {
    number: 'N°5.2',
    kind: 'conference',
    title: {
      fr: 'Financer les projets de construction à l’horizon 2030',
      en: 'Financing construction projects towards 2030',
    },
    theme: { fr: 'Financement et investissement', en: 'Financing and investment' },
    description: {
      fr: 'Partenariats public-privé, financements bancaires et fonds dédiés : les modes de financement se diversifient. Les intervenants expliquent comment sécuriser le financement des projets et accompagner les entreprises du secteur.',
      en: 'Public-private partnerships, bank lending and dedicated funds: financing options are diversifying. Speakers explain how to secure project funding and support companies in the sector.',
    },
    day: '2024-05-31',
    startsAt: '16:30',
    endsAt: '18:00',
  },
  {
    number: 'Académie',
    kind: 'academy',
    title: {
      fr: 'Académie du salon : former les compétences de demain',
      en: "The show's academy: building tomorrow's skills",
    },
    theme: { fr: 'Formation et compétences', en: 'Training and skills' },
    description: {
      fr: 'Cette session de l’académie de formation réunit écoles, entreprises et jeunes professionnels autour des besoins en compétences du secteur. Elle présente les filières, l’apprentissage et les certifications qui facilitent l’accès à l’emploi.',
      en: "This training-academy session brings together schools, companies and young professionals around the sector's skills needs. It presents the courses, apprenticeships and certifications that make it easier to find work.",
    },
    day: '2024-05-31',
    startsAt: '10:00',
    endsAt: '12:00',
  },
  {
    number: 'Sponsor 1',
    kind: 'sponsor',
    title: {
      fr: 'Session partenaire : innovations produits pour le bâtiment',
      en: 'Partner session: product innovations for buildings',
    },
    theme: { fr: 'Innovation industrielle', en: 'Industrial innovation' },
    description: {
      fr: 'Un sponsor du salon présente ses dernières solutions pour le gros œuvre et le second œuvre. La présentation est suivie d’un temps d’échange avec le public.',
      en: 'A sponsor of the show presents its latest solutions for structural and finishing works. The presentation is followed by a question-and-answer session with the audience.',
    },
    day: '2024-06-01',
    startsAt: '10:00',
    endsAt: '12:00',
  },
  {
    number: 'Sponsor 2',
    kind: 'sponsor',
    title: {
      fr: 'Session partenaire : solutions pour des villes durables',
      en: 'Partner session: solutions for sustainable cities',
    },
    theme: { fr: 'Ville durable', en: 'Sustainable cities' },
    description: {
      fr: 'Un partenaire du salon partage ses retours d’expérience sur des projets urbains économes en énergie et en eau. La session se conclut par une table ronde ouverte aux questions des visiteurs.',
      en: 'A partner of the show shares lessons learned from urban projects that save energy and water. The session ends with a round table open to questions from visitors.',
    },
    day: '2024-06-01',
    startsAt: '14:00',
    endsAt: '16:30',
  },
];

/**
 * Seed content for the 6th edition of the construction and public-works show and its forum
 * (29 May – 1 June 2024, Marrakech). French is the reference language; English is complete.
 * Everything here is fictional demo data: no real people, firms, phone numbers or addresses.
 */

/** One edition of the show, past or current. */
export interface PastEvent {
  id: number;
  edition: number;
  name: string;
  /** YYYY-MM-DD */
  startsOn: string;
  /** YYYY-MM-DD */
  endsOn: string;
  city: string;
  theme: string;
  exhibitors: number | null;
  visitors: number | null;
}

// The current (2024) edition, id 7, as the specification gives it: reference data.
export const CURRENT_EVENT: PastEvent = {
  id: 7,
  edition: 6,
  name: '6e édition du Salon',
  startsOn: '2024-05-29',
  endsOn: '2024-06-01',
  city: 'Marrakech',
  theme: 'Construire le Maroc de demain : Horizon 2030',
  exhibitors: 300,
  visitors: 60000,
};

/**
 * The editions before 2024 (ids 1–5): the specification gives their years and figures, not their
 * dates, cities or themes, which are invented here. Demo data: a real site's organiser enters
 * its history in the back-office. (Before they were demo data they were written on every start:
 * such rows stay, the organiser's to correct or delete; the server warns while they are there.)
 */
export const PAST_EDITIONS: PastEvent[] = [
  {
    id: 1,
    edition: 1,
    name: '1re édition du Salon',
    startsOn: '2003-11-19',
    endsOn: '2003-11-22',
    city: 'Casablanca',
    theme: 'Le bâtiment, moteur du développement',
    exhibitors: null,
    visitors: null,
  },
  {
    id: 2,
    edition: 2,
    name: '2e édition du Salon',
    startsOn: '2006-05-17',
    endsOn: '2006-05-20',
    city: 'Casablanca',
    theme: 'Qualité et normalisation dans la construction',
    exhibitors: 200,
    visitors: 25000,
  },
  {
    id: 3,
    edition: 3,
    name: '3e édition du Salon',
    startsOn: '2008-11-26',
    endsOn: '2008-11-29',
    city: 'Casablanca',
    theme: 'Habitat et aménagement du territoire',
    exhibitors: 300,
    visitors: 50000,
  },
  {
    id: 4,
    edition: 4,
    name: '4e édition du Salon',
    startsOn: '2010-11-24',
    endsOn: '2010-11-27',
    city: 'Casablanca',
    theme: 'Les grands chantiers d’infrastructure',
    exhibitors: 350,
    visitors: 60000,
  },
  {
    id: 5,
    edition: 5,
    name: '5e édition du Salon',
    startsOn: '2017-05-17',
    endsOn: '2017-05-20',
    city: 'Marrakech',
    theme: 'Construction durable et efficacité énergétique',
    exhibitors: 238,
    visitors: 39000,
  },
];

// Exhibition halls of the 2024 venue.
export const HALLS: string[] = ['Hall A', 'Hall B', 'Hall C', 'Hall D', 'Hall E'];

/** Opening hours for one show day. */
export interface OpeningDay {
  /** YYYY-MM-DD */
  day: string;
  /** HH:MM */
  opensAt: string;
  /** HH:MM */
  closesAt: string;
}

// Opening hours of the 2024 show, one entry per day.
export const OPENING_HOURS: OpeningDay[] = [
  { day: '2024-05-29', opensAt: '09:00', closesAt: '19:00' },
  { day: '2024-05-30', opensAt: '09:00', closesAt: '19:00' },
  { day: '2024-05-31', opensAt: '09:00', closesAt: '19:30' },
  { day: '2024-06-01', opensAt: '09:00', closesAt: '18:00' },
];

/** A sector shown on the sectors page. */
export interface PageSector {
  nameFr: string;
  nameEn: string;
  descriptionFr: string;
  descriptionEn: string;
}

// The 18 sectors of the sectors page, in page order.
export const PAGE_SECTORS: PageSector[] = [
  {
    nameFr: 'Institutionnels',
    nameEn: 'Institutions',
    descriptionFr:
      'Ministères, collectivités territoriales et établissements publics présentent leurs politiques et leurs programmes d’investissement. Ils rencontrent les professionnels qui les mettront en œuvre sur le terrain.',
    descriptionEn:
      'Ministries, local authorities and public bodies present their policies and investment programmes. They meet the professionals who will carry them out on the ground.',
  },
  {
    nameFr: 'Donneurs d’ordre',
    nameEn: 'Contracting authorities',
    descriptionFr:
      'Maîtres d’ouvrage publics et privés y dévoilent leurs projets à venir et leurs besoins. C’est l’occasion d’identifier des partenaires fiables pour les grands chantiers de la décennie.',
    descriptionEn:
      'Public and private project owners unveil their upcoming projects and needs. It is the opportunity to find reliable partners for the major works of the decade.',
  },
  {
    nameFr: 'Infrastructures et transport',
    nameEn: 'Infrastructure and transport',
    descriptionFr:
      'Routes, ouvrages d’art, voies ferrées, ports et aéroports sont au cœur des investissements à l’horizon 2030. Les acteurs du secteur présentent leurs savoir-faire en conception, réalisation et maintenance.',
    descriptionEn:
      'Roads, engineering structures, railways, ports and airports are at the heart of investment towards 2030. Players in the sector present their expertise in design, construction and maintenance.',
  },
  {
    nameFr: 'Équipement du bâtiment',
    nameEn: 'Building equipment',
    descriptionFr:
      'Ascenseurs, façades, isolation, chauffage et ventilation : les équipements qui rendent les bâtiments confortables et performants. Les exposants présentent des solutions adaptées aux exigences énergétiques actuelles.',
    descriptionEn:
      'Lifts, façades, insulation, heating and ventilation: the equipment that makes buildings comfortable and efficient. Exhibitors present solutions suited to current energy requirements.',
  },
  {
    nameFr: 'Engins et matériels',
    nameEn: 'Machinery and equipment',
    descriptionFr:
      'Engins de terrassement, grues, centrales à béton et outillage professionnel sont exposés en grandeur réelle. Les visiteurs peuvent comparer les modèles et assister à des démonstrations.',
    descriptionEn:
      'Earthmoving machines, cranes, concrete plants and professional tools are shown full size. Visitors can compare models and attend demonstrations.',
  },
  {
    nameFr: 'Banques et assurances',
    nameEn: 'Banks and insurance',
    descriptionFr:
      'Les établissements financiers accompagnent entreprises, promoteurs et particuliers dans le financement de leurs projets. Ils présentent aussi les garanties et assurances propres aux métiers de la construction.',
    descriptionEn:
      'Financial institutions support companies, developers and individuals in financing their projects. They also present the guarantees and insurance specific to the construction trades.',
  },
  {
    nameFr: 'Entreprises de construction',
    nameEn: 'Construction companies',
    descriptionFr:
      'Entreprises générales, PME et artisans du gros œuvre y présentent leurs références et leurs capacités. Le salon favorise les partenariats et la sous-traitance entre entreprises de toutes tailles.',
    descriptionEn:
      'General contractors, SMEs and structural-works craftsmen present their references and capacities. The show encourages partnerships and subcontracting between companies of all sizes.',
  },
  {
    nameFr: 'Menuiserie',
    nameEn: 'Joinery',
    descriptionFr:
      'Menuiseries bois, aluminium et PVC, portes, fenêtres et fermetures sont représentées par fabricants et installateurs. Les nouveautés portent sur l’isolation thermique, l’acoustique et la sécurité.',
    descriptionEn:
      'Wood, aluminium and PVC joinery, doors, windows and closures are represented by manufacturers and installers. New products focus on thermal insulation, acoustics and security.',
  },
  {
    nameFr: 'Sanitaire et finitions',
    nameEn: 'Sanitary ware and finishes',
    descriptionFr:
      'Robinetterie, céramique, revêtements de sols et de murs, peintures et enduits complètent l’offre du second œuvre. Les exposants mettent en avant la qualité, la durabilité et les économies d’eau.',
    descriptionEn:
      'Taps, ceramics, floor and wall coverings, paints and plasters complete the finishing-works offer. Exhibitors highlight quality, durability and water savings.',
  },
  {
    nameFr: 'Promotion immobilière',
    nameEn: 'Property development',
    descriptionFr:
      'Promoteurs et aménageurs présentent leurs programmes résidentiels, tertiaires et touristiques. Ils échangent avec les entreprises et les fournisseurs qui réaliseront leurs projets.',
    descriptionEn:
      'Developers and planners present their residential, office and tourism programmes. They meet the companies and suppliers who will build their projects.',
  },
  {
    nameFr: 'Énergie et environnement',
    nameEn: 'Energy and environment',
    descriptionFr:
      'Énergies renouvelables, efficacité énergétique, gestion de l’eau et des déchets de chantier répondent aux enjeux climatiques. Ce secteur illustre la transition vers une construction plus durable.',
    descriptionEn:
      'Renewable energy, energy efficiency, water management and construction waste respond to climate challenges. This sector illustrates the transition towards more sustainable construction.',
  },
  {
    nameFr: 'Organismes de formation',
    nameEn: 'Training organisations',
    descriptionFr:
      'Écoles, instituts et centres de formation présentent leurs cursus initiaux et continus aux métiers du BTP. Ils contribuent à former les compétences dont le secteur a besoin pour les prochaines années.',
    descriptionEn:
      'Schools, institutes and training centres present their initial and continuing courses in the construction trades. They help build the skills the sector needs in the coming years.',
  },
  {
    nameFr: 'Second œuvre',
    nameEn: 'Finishing works',
    descriptionFr:
      'Plâtrerie, cloisons, faux plafonds, étanchéité et revêtements rassemblent un grand nombre de corps d’état. Les professionnels y trouvent matériaux, techniques de pose et solutions innovantes.',
    descriptionEn:
      'Plastering, partitions, suspended ceilings, waterproofing and coverings bring together many trades. Professionals find materials, installation techniques and innovative solutions.',
  },
  {
    nameFr: 'Décoration et urbanisme',
    nameEn: 'Decoration and urban planning',
    descriptionFr:
      'Architecture d’intérieur, mobilier urbain, aménagement paysager et espaces publics participent à la qualité du cadre de vie. Artisans et concepteurs y présentent un savoir-faire alliant tradition et modernité.',
    descriptionEn:
      'Interior design, street furniture, landscaping and public spaces contribute to the quality of the living environment. Craftsmen and designers present know-how combining tradition and modernity.',
  },
  {
    nameFr: 'Équipement électrique',
    nameEn: 'Electrical equipment',
    descriptionFr:
      'Câblage, appareillage, éclairage, tableaux et solutions de bâtiment intelligent sont présentés par fabricants et distributeurs. La sécurité des installations et la maîtrise de la consommation sont au premier plan.',
    descriptionEn:
      'Wiring, switchgear, lighting, panels and smart-building solutions are presented by manufacturers and distributors. Installation safety and control of consumption come first.',
  },
  {
    nameFr: 'Associations professionnelles',
    nameEn: 'Professional associations',
    descriptionFr:
      'Fédérations, associations et ordres professionnels représentent les métiers de la construction. Ils informent sur la réglementation, les normes et les actions collectives de la profession.',
    descriptionEn:
      'Federations, associations and professional bodies represent the construction trades. They provide information on regulations, standards and the profession’s collective initiatives.',
  },
  {
    nameFr: 'Fournisseurs de technologies',
    nameEn: 'Technology providers',
    descriptionFr:
      'Logiciels de conception, BIM, gestion de chantier, drones et objets connectés transforment les pratiques du secteur. Les éditeurs et intégrateurs y présentent des outils concrets pour gagner en productivité.',
    descriptionEn:
      'Design software, BIM, site management, drones and connected devices are transforming the sector’s practices. Software vendors and integrators present practical tools to improve productivity.',
  },
  {
    nameFr: 'Laboratoires et bureaux d’études',
    nameEn: 'Laboratories and design offices',
    descriptionFr:
      'Laboratoires d’essais, bureaux de contrôle et bureaux d’études garantissent la qualité et la sécurité des ouvrages. Ils interviennent de la conception des projets jusqu’à leur réception.',
    descriptionEn:
      'Testing laboratories, inspection bodies and design offices ensure the quality and safety of structures. They are involved from project design through to final acceptance.',
  },
];

/** A forum session (conference, training academy or sponsor session). */
export interface ConferenceSeed {
  number: string;
  kind: 'conference' | 'academy' | 'sponsor';
  titleFr: string;
  titleEn: string;
  themeFr: string;
  themeEn: string;
  descriptionFr: string;
  descriptionEn: string;
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
    titleFr: 'Construire le Maroc de demain : enjeux et priorités à l’horizon 2030',
    titleEn: "Building tomorrow's Morocco: challenges and priorities towards 2030",
    themeFr: 'Vision et stratégie du secteur',
    themeEn: 'Sector vision and strategy',
    descriptionFr:
      'La conférence d’ouverture dresse un état des lieux du secteur du bâtiment et des travaux publics. Elle présente les grands chantiers prévus d’ici 2030 et les conditions de leur réussite.',
    descriptionEn:
      'The opening conference reviews the state of the building and public-works sector. It presents the major projects planned by 2030 and the conditions for their success.',
    day: '2024-05-29',
    startsAt: '10:00',
    endsAt: '12:00',
  },
  {
    number: 'N°2.1',
    kind: 'conference',
    titleFr: 'Infrastructures pour les grands événements sportifs',
    titleEn: 'Infrastructure for major sporting events',
    themeFr: 'Grands événements et infrastructures',
    themeEn: 'Major events and infrastructure',
    descriptionFr:
      'Stades, transports, hébergement : l’accueil de grandes compétitions exige des infrastructures livrées dans des délais serrés. Cette session aborde la planification, la coordination des acteurs et l’héritage laissé aux territoires.',
    descriptionEn:
      'Stadiums, transport, accommodation: hosting major competitions requires infrastructure delivered on tight deadlines. This session covers planning, coordination of stakeholders and the legacy left to the regions.',
    day: '2024-05-29',
    startsAt: '15:00',
    endsAt: '16:30',
  },
  {
    number: 'N°2.2',
    kind: 'conference',
    titleFr: 'Mobilité et transport : relier les villes de demain',
    titleEn: "Mobility and transport: connecting tomorrow's cities",
    themeFr: 'Grands événements et infrastructures',
    themeEn: 'Major events and infrastructure',
    descriptionFr:
      'Routes, rail et transports urbains doivent accompagner la croissance des villes et les flux de visiteurs. Les intervenants partagent des retours d’expérience sur la conception et l’exploitation des réseaux.',
    descriptionEn:
      'Roads, rail and urban transport must keep pace with urban growth and visitor flows. Speakers share lessons learned on the design and operation of networks.',
    day: '2024-05-29',
    startsAt: '16:30',
    endsAt: '18:00',
  },
  {
    number: 'N°3',
    kind: 'conference',
    titleFr: 'Habitat pour tous : produire des logements de qualité à coût maîtrisé',
    titleEn: 'Housing for all: delivering quality homes at controlled cost',
    themeFr: 'Logement et cadre de vie',
    themeEn: 'Housing and living environment',
    descriptionFr:
      'La demande de logements reste forte, en particulier pour les ménages aux revenus modestes et intermédiaires. Cette conférence examine les leviers techniques, fonciers et réglementaires pour construire mieux et plus vite.',
    descriptionEn:
      'Housing demand remains strong, especially for low- and middle-income households. This conference examines the technical, land and regulatory levers for building better and faster.',
    day: '2024-05-30',
    startsAt: '10:00',
    endsAt: '12:00',
  },
  {
    number: 'N°4',
    kind: 'conference',
    titleFr: 'Construction durable : matériaux, efficacité énergétique et gestion de l’eau',
    titleEn: 'Sustainable construction: materials, energy efficiency and water management',
    themeFr: 'Eau, énergie et environnement',
    themeEn: 'Water, energy and environment',
    descriptionFr:
      'Réduire l’empreinte carbone des bâtiments passe par le choix des matériaux, la sobriété énergétique et une gestion raisonnée de l’eau. Les échanges porteront sur les normes, les solutions disponibles et leur coût sur tout le cycle de vie.',
    descriptionEn:
      "Reducing buildings' carbon footprint depends on the choice of materials, energy sobriety and careful water management. Discussions will cover standards, available solutions and their whole-life cost.",
    day: '2024-05-30',
    startsAt: '15:00',
    endsAt: '17:30',
  },
  {
    number: 'N°5.1',
    kind: 'conference',
    titleFr: 'BIM et transformation numérique des chantiers',
    titleEn: 'BIM and the digital transformation of construction sites',
    themeFr: 'Numérique et innovation',
    themeEn: 'Digital and innovation',
    descriptionFr:
      'La maquette numérique, les outils collaboratifs et le suivi de chantier connecté changent la façon de concevoir et de construire. Cette session présente des cas concrets et les étapes pour engager cette transition.',
    descriptionEn:
      'Digital models, collaborative tools and connected site monitoring are changing how projects are designed and built. This session presents practical cases and the steps to start this transition.',
    day: '2024-05-31',
    startsAt: '15:00',
    endsAt: '16:30',
  },
  {
    number: 'N°5.2',
    kind: 'conference',
    titleFr: 'Financer les projets de construction à l’horizon 2030',
    titleEn: 'Financing construction projects towards 2030',
    themeFr: 'Financement et investissement',
    themeEn: 'Financing and investment',
    descriptionFr:
      'Partenariats public-privé, financements bancaires et fonds dédiés : les modes de financement se diversifient. Les intervenants expliquent comment sécuriser le financement des projets et accompagner les entreprises du secteur.',
    descriptionEn:
      'Public-private partnerships, bank lending and dedicated funds: financing options are diversifying. Speakers explain how to secure project funding and support companies in the sector.',
    day: '2024-05-31',
    startsAt: '16:30',
    endsAt: '18:00',
  },
  {
    number: 'Académie',
    kind: 'academy',
    titleFr: 'Académie du salon : former les compétences de demain',
    titleEn: "The show's academy: building tomorrow's skills",
    themeFr: 'Formation et compétences',
    themeEn: 'Training and skills',
    descriptionFr:
      'Cette session de l’académie de formation réunit écoles, entreprises et jeunes professionnels autour des besoins en compétences du secteur. Elle présente les filières, l’apprentissage et les certifications qui facilitent l’accès à l’emploi.',
    descriptionEn:
      "This training-academy session brings together schools, companies and young professionals around the sector's skills needs. It presents the courses, apprenticeships and certifications that make it easier to find work.",
    day: '2024-05-31',
    startsAt: '10:00',
    endsAt: '12:00',
  },
  {
    number: 'Sponsor 1',
    kind: 'sponsor',
    titleFr: 'Session partenaire : innovations produits pour le bâtiment',
    titleEn: 'Partner session: product innovations for buildings',
    themeFr: 'Innovation industrielle',
    themeEn: 'Industrial innovation',
    descriptionFr:
      'Un sponsor du salon présente ses dernières solutions pour le gros œuvre et le second œuvre. La présentation est suivie d’un temps d’échange avec le public.',
    descriptionEn:
      'A sponsor of the show presents its latest solutions for structural and finishing works. The presentation is followed by a question-and-answer session with the audience.',
    day: '2024-06-01',
    startsAt: '10:00',
    endsAt: '12:00',
  },
  {
    number: 'Sponsor 2',
    kind: 'sponsor',
    titleFr: 'Session partenaire : solutions pour des villes durables',
    titleEn: 'Partner session: solutions for sustainable cities',
    themeFr: 'Ville durable',
    themeEn: 'Sustainable cities',
    descriptionFr:
      'Un partenaire du salon partage ses retours d’expérience sur des projets urbains économes en énergie et en eau. La session se conclut par une table ronde ouverte aux questions des visiteurs.',
    descriptionEn:
      'A partner of the show shares lessons learned from urban projects that save energy and water. The session ends with a round table open to questions from visitors.',
    day: '2024-06-01',
    startsAt: '14:00',
    endsAt: '16:30',
  },
];

/** A fictional exhibiting company used to seed the directory. */
export interface DemoCompany {
  company: string;
  /** One of the ten non-'Autre' sector choices. */
  sector: string;
  pays: string;
  adresse: string;
  businessSector: string;
}

// Fictional exhibiting companies for the demo directory (50, five per sector).
export const DEMO_COMPANIES: DemoCompany[] = [
  // Gros Oeuvre
  {
    company: 'Atlas Béton Industrie',
    sector: 'Gros Oeuvre',
    pays: 'Maroc',
    adresse: 'Zone industrielle, Marrakech',
    businessSector: 'Fabrication de béton prêt à l’emploi',
  },
  {
    company: 'Souss Agrégats',
    sector: 'Gros Oeuvre',
    pays: 'Maroc',
    adresse: 'Zone industrielle, Agadir',
    businessSector: 'Production de granulats et de sables',
  },
  {
    company: 'Cèdre Préfabrication',
    sector: 'Gros Oeuvre',
    pays: 'Maroc',
    adresse: 'Parc industriel, Fès',
    businessSector: 'Éléments préfabriqués en béton',
  },
  {
    company: 'Tensift Maçonnerie Générale',
    sector: 'Gros Oeuvre',
    pays: 'Maroc',
    adresse: 'Quartier industriel, Marrakech',
    businessSector: 'Travaux de maçonnerie et de structure',
  },
  {
    company: 'Loire Coffrages Systèmes',
    sector: 'Gros Oeuvre',
    pays: 'France',
    adresse: 'Zone d’activités, Nantes',
    businessSector: 'Fabrication et location de coffrages',
  },
  // Menuiserie & fermetures
  {
    company: 'Menara Menuiserie',
    sector: 'Menuiserie & fermetures',
    pays: 'Maroc',
    adresse: 'Quartier industriel, Marrakech',
    businessSector: 'Menuiserie bois sur mesure',
  },
  {
    company: 'Oasis Aluminium Systèmes',
    sector: 'Menuiserie & fermetures',
    pays: 'Maroc',
    adresse: 'Zone industrielle, Tanger',
    businessSector: 'Menuiserie aluminium et façades vitrées',
  },
  {
    company: 'Porte du Sud Fermetures',
    sector: 'Menuiserie & fermetures',
    pays: 'Maroc',
    adresse: 'Zone d’activités, Agadir',
    businessSector: 'Portes, volets roulants et fermetures automatiques',
  },
  {
    company: 'Vénétie Fenêtres Démo',
    sector: 'Menuiserie & fermetures',
    pays: 'Italie',
    adresse: 'Zone industrielle, Vérone',
    businessSector: 'Fenêtres à haute performance thermique',
  },
  {
    company: 'Bosphore Profilés PVC',
    sector: 'Menuiserie & fermetures',
    pays: 'Turquie',
    adresse: 'Zone industrielle, Istanbul',
    businessSector: 'Profilés PVC pour portes et fenêtres',
  },
  // Décoration
  {
    company: 'Zellige & Lumière',
    sector: 'Décoration',
    pays: 'Maroc',
    adresse: 'Quartier artisanal, Fès',
    businessSector: 'Zellige et revêtements décoratifs artisanaux',
  },
  {
    company: 'Palmeraie Déco Intérieurs',
    sector: 'Décoration',
    pays: 'Maroc',
    adresse: 'Zone industrielle, Marrakech',
    businessSector: 'Décoration intérieure et aménagement d’espaces',
  },
  {
    company: 'Tadelakt Création',
    sector: 'Décoration',
    pays: 'Maroc',
    adresse: 'Quartier artisanal, Marrakech',
    businessSector: 'Enduits décoratifs traditionnels',
  },
  {
    company: 'Azulejo Norte Décor',
    sector: 'Décoration',
    pays: 'Portugal',
    adresse: 'Zone industrielle, Porto',
    businessSector: 'Carreaux de céramique décoratifs',
  },
  {
    company: 'Teranga Design Intérieur',
    sector: 'Décoration',
    pays: 'Sénégal',
    adresse: 'Zone d’activités, Dakar',
    businessSector: 'Mobilier et agencement intérieur',
  },
  // Sanitaire, Climatisation
  {
    company: 'Oued Sanitaire Distribution',
    sector: 'Sanitaire, Climatisation',
    pays: 'Maroc',
    adresse: 'Zone industrielle, Casablanca',
    businessSector: 'Distribution d’équipements sanitaires',
  },
  {
    company: 'Chergui Climatisation',
    sector: 'Sanitaire, Climatisation',
    pays: 'Maroc',
    adresse: 'Zone industrielle, Marrakech',
    businessSector: 'Installation de systèmes de climatisation',
  },
  {
    company: 'Source Bleue Robinetterie',
    sector: 'Sanitaire, Climatisation',
    pays: 'Maroc',
    adresse: 'Parc d’activités, Kénitra',
    businessSector: 'Robinetterie et accessoires de salle de bains',
  },
  {
    company: 'Rhône Thermique Services',
    sector: 'Sanitaire, Climatisation',
    pays: 'France',
    adresse: 'Zone d’activités, Lyon',
    businessSector: 'Chauffage, ventilation et pompes à chaleur',
  },
  {
    company: 'Ébrié Froid & Climatisation',
    sector: 'Sanitaire, Climatisation',
    pays: 'Côte d’Ivoire',
    adresse: 'Zone industrielle, Abidjan',
    businessSector: 'Maintenance de climatisation tertiaire',
  },
  // Equipement électrique
  {
    company: 'Argane Câbles & Réseaux',
    sector: 'Equipement électrique',
    pays: 'Maroc',
    adresse: 'Zone industrielle, Casablanca',
    businessSector: 'Câbles et accessoires de raccordement',
  },
  {
    company: 'Sahara Lumière',
    sector: 'Equipement électrique',
    pays: 'Maroc',
    adresse: 'Zone d’activités, Marrakech',
    businessSector: 'Éclairage LED intérieur et extérieur',
  },
  {
    company: 'Volta Maghreb Tableaux',
    sector: 'Equipement électrique',
    pays: 'Maroc',
    adresse: 'Parc industriel, Tanger',
    businessSector: 'Tableaux électriques et armoires de distribution',
  },
  {
    company: 'Soleil d’Alborán Énergie',
    sector: 'Equipement électrique',
    pays: 'Espagne',
    adresse: 'Zone industrielle, Séville',
    businessSector: 'Panneaux photovoltaïques et onduleurs',
  },
  {
    company: 'Anatolie Électro Composants',
    sector: 'Equipement électrique',
    pays: 'Turquie',
    adresse: 'Zone industrielle, Ankara',
    businessSector: 'Disjoncteurs et appareillage basse tension',
  },
  // Matériel & outillage
  {
    company: 'Tizi Engins Location',
    sector: 'Matériel & outillage',
    pays: 'Maroc',
    adresse: 'Zone industrielle, Casablanca',
    businessSector: 'Location d’engins de chantier',
  },
  {
    company: 'Haut Atlas Outillage',
    sector: 'Matériel & outillage',
    pays: 'Maroc',
    adresse: 'Zone d’activités, Marrakech',
    businessSector: 'Outillage électroportatif professionnel',
  },
  {
    company: 'Kasbah Échafaudages',
    sector: 'Matériel & outillage',
    pays: 'Maroc',
    adresse: 'Zone industrielle, Rabat',
    businessSector: 'Échafaudages et équipements d’accès',
  },
  {
    company: 'Riviera Malaxeurs Démo',
    sector: 'Matériel & outillage',
    pays: 'Italie',
    adresse: 'Zone industrielle, Gênes',
    businessSector: 'Bétonnières et malaxeurs',
  },
  {
    company: 'Cappadoce Levage',
    sector: 'Matériel & outillage',
    pays: 'Turquie',
    adresse: 'Zone industrielle, Izmir',
    businessSector: 'Grues à tour et nacelles élévatrices',
  },
  // Sécurité
  {
    company: 'Bouclier Chantier',
    sector: 'Sécurité',
    pays: 'Maroc',
    adresse: 'Zone industrielle, Casablanca',
    businessSector: 'Équipements de protection individuelle',
  },
  {
    company: 'Vigie Incendie Systèmes',
    sector: 'Sécurité',
    pays: 'Maroc',
    adresse: 'Zone d’activités, Rabat',
    businessSector: 'Détection et extinction incendie',
  },
  {
    company: 'Sentinelle Contrôle d’Accès',
    sector: 'Sécurité',
    pays: 'Maroc',
    adresse: 'Zone d’activités, Marrakech',
    businessSector: 'Contrôle d’accès et vidéosurveillance',
  },
  {
    company: 'Garonne Signalisation Chantier',
    sector: 'Sécurité',
    pays: 'France',
    adresse: 'Zone d’activités, Toulouse',
    businessSector: 'Signalisation temporaire de chantier',
  },
  {
    company: 'Tage Protection Collective',
    sector: 'Sécurité',
    pays: 'Portugal',
    adresse: 'Zone industrielle, Lisbonne',
    businessSector: 'Garde-corps et filets de sécurité',
  },
  // Services et informatique
  {
    company: 'Koutoubia Numérique BIM',
    sector: 'Services et informatique',
    pays: 'Maroc',
    adresse: 'Parc technologique, Rabat',
    businessSector: 'Modélisation BIM et maquette numérique',
  },
  {
    company: 'Médina Logiciels Chantier',
    sector: 'Services et informatique',
    pays: 'Maroc',
    adresse: 'Parc technologique, Casablanca',
    businessSector: 'Logiciels de gestion de chantier',
  },
  {
    company: 'Agdal Topographie Services',
    sector: 'Services et informatique',
    pays: 'Maroc',
    adresse: 'Zone d’activités, Marrakech',
    businessSector: 'Relevés topographiques par drone',
  },
  {
    company: 'Seine Ingénierie Numérique',
    sector: 'Services et informatique',
    pays: 'France',
    adresse: 'Quartier d’affaires, Paris',
    businessSector: 'Calcul de structures et jumeaux numériques',
  },
  {
    company: 'Baobab Data Construction',
    sector: 'Services et informatique',
    pays: 'Sénégal',
    adresse: 'Zone d’activités, Dakar',
    businessSector: 'Suivi de projets en ligne',
  },
  // Formation
  {
    company: 'Académie des Métiers du Chantier',
    sector: 'Formation',
    pays: 'Maroc',
    adresse: 'Quartier administratif, Marrakech',
    businessSector: 'Formation qualifiante aux métiers du BTP',
  },
  {
    company: 'Institut Bâtir Demain',
    sector: 'Formation',
    pays: 'Maroc',
    adresse: 'Quartier universitaire, Rabat',
    businessSector: 'Formation continue des cadres du bâtiment',
  },
  {
    company: 'École des Compagnons de l’Atlas',
    sector: 'Formation',
    pays: 'Maroc',
    adresse: 'Quartier d’affaires, Casablanca',
    businessSector: 'Apprentissage et formation en alternance',
  },
  {
    company: 'Centre Prévention Chantier Formation',
    sector: 'Formation',
    pays: 'Maroc',
    adresse: 'Zone d’activités, Tanger',
    businessSector: 'Formation à la sécurité sur chantier',
  },
  {
    company: 'Estuaire Compétences BTP',
    sector: 'Formation',
    pays: 'France',
    adresse: 'Quartier d’affaires, Bordeaux',
    businessSector: 'Certification et formation professionnelle',
  },
  // Promotion immobilière
  {
    company: 'Jardins de l’Ourika Immobilier',
    sector: 'Promotion immobilière',
    pays: 'Maroc',
    adresse: 'Quartier d’affaires, Marrakech',
    businessSector: 'Promotion de résidences principales',
  },
  {
    company: 'Horizon Dunes Habitat',
    sector: 'Promotion immobilière',
    pays: 'Maroc',
    adresse: 'Quartier d’affaires, Casablanca',
    businessSector: 'Logement économique et intermédiaire',
  },
  {
    company: 'Rivages Atlantique Résidences',
    sector: 'Promotion immobilière',
    pays: 'Maroc',
    adresse: 'Quartier d’affaires, Rabat',
    businessSector: 'Résidences balnéaires et touristiques',
  },
  {
    company: 'Saïss Aménagement Foncier',
    sector: 'Promotion immobilière',
    pays: 'Maroc',
    adresse: 'Quartier d’affaires, Fès',
    businessSector: 'Aménagement de lotissements',
  },
  {
    company: 'Lagune Ébène Promotion',
    sector: 'Promotion immobilière',
    pays: 'Côte d’Ivoire',
    adresse: 'Quartier d’affaires, Abidjan',
    businessSector: 'Bureaux et immeubles mixtes',
  },
];

// Common first names (Moroccan and French, mixed genders) for generated demo users.
export const FIRST_NAMES: string[] = [
  'Mohamed',
  'Fatima',
  'Youssef',
  'Khadija',
  'Amine',
  'Salma',
  'Omar',
  'Meryem',
  'Hamza',
  'Imane',
  'Karim',
  'Nadia',
  'Mehdi',
  'Sanaa',
  'Rachid',
  'Leila',
  'Anas',
  'Hajar',
  'Saïd',
  'Zineb',
  'Ayoub',
  'Houda',
  'Driss',
  'Soukaina',
  'Thomas',
  'Camille',
  'Nicolas',
  'Julie',
  'Pierre',
  'Sophie',
  'Antoine',
  'Claire',
  'Julien',
  'Marie',
  'Lucas',
  'Emma',
  'Hugo',
  'Léa',
  'Mathieu',
  'Sarah',
];

// Common family names (Moroccan and French) for generated demo users.
export const LAST_NAMES: string[] = [
  'Alaoui',
  'Benali',
  'El Amrani',
  'Idrissi',
  'Bennani',
  'Tazi',
  'Berrada',
  'Chraibi',
  'El Fassi',
  'Ouazzani',
  'Benjelloun',
  'Lahlou',
  'Kettani',
  'Sebti',
  'Naciri',
  'El Mansouri',
  'Bouazza',
  'Haddad',
  'Amrani',
  'Ziani',
  'Belkadi',
  'Cherkaoui',
  'Filali',
  'Rami',
  'Mernissi',
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'Garcia',
];

// French job titles in construction for generated demo users.
export const JOB_POSITIONS: string[] = [
  'Directeur commercial',
  'Directrice générale',
  'Ingénieure travaux',
  'Ingénieur structure',
  'Architecte',
  'Acheteur',
  'Responsable achats',
  'Chef de chantier',
  'Conducteur de travaux',
  'Chargée d’affaires',
  'Responsable marketing',
  'Technico-commercial',
  'Économiste de la construction',
  'Responsable HSE',
  'Cheffe de projet BIM',
  'Géomètre-topographe',
  'Responsable logistique',
  'Directeur technique',
  'Assistante de direction',
  'Responsable export',
];

/** An anonymous testimonial about past editions. */
export interface Testimonial {
  author: string;
  roleFr: string;
  roleEn: string;
  quoteFr: string;
  quoteEn: string;
}

// Anonymous testimonials from past participants, in display order.
export const TESTIMONIALS: Testimonial[] = [
  {
    author: 'Un exposant, Hall B',
    roleFr: 'Fabricant de matériaux de construction',
    roleEn: 'Building materials manufacturer',
    quoteFr:
      'Lors de l’édition 2017, nous avons rencontré en quatre jours plus de clients qu’en plusieurs mois de prospection. Nous serons de nouveau présents cette année.',
    quoteEn:
      'At the 2017 edition, we met more customers in four days than in several months of prospecting. We will be back again this year.',
  },
  {
    author: 'Une visiteuse professionnelle',
    roleFr: 'Architecte',
    roleEn: 'Architect',
    quoteFr:
      'Le salon est l’endroit idéal pour découvrir en un seul lieu les nouveaux matériaux et rencontrer directement les fabricants.',
    quoteEn: 'The show is the ideal place to discover new materials in one location and meet manufacturers directly.',
  },
  {
    author: 'Un exposant international, Hall D',
    roleFr: 'Distributeur d’équipements de chantier',
    roleEn: 'Site equipment distributor',
    quoteFr:
      'Notre participation en 2010 nous a permis de trouver un partenaire local et d’ouvrir notre premier bureau au Maroc.',
    quoteEn: 'Taking part in 2010 helped us find a local partner and open our first office in Morocco.',
  },
  {
    author: 'Un intervenant du forum',
    roleFr: 'Ingénieur conseil',
    roleEn: 'Consulting engineer',
    quoteFr:
      'Les conférences du forum réunissent décideurs publics et entreprises autour de questions très concrètes. Les débats de la dernière édition ont été particulièrement riches.',
    quoteEn:
      'The forum conferences bring public decision-makers and companies together around very practical questions. The debates at the last edition were particularly rich.',
  },
  {
    author: 'Une représentante d’un bureau d’études',
    roleFr: 'Responsable développement',
    roleEn: 'Business development manager',
    quoteFr:
      'Nous venons à chaque édition pour suivre les évolutions réglementaires et techniques du secteur. Les échanges sur les stands sont toujours de grande qualité.',
    quoteEn:
      "We come to every edition to keep up with the sector's regulatory and technical changes. Discussions on the stands are always of high quality.",
  },
  {
    author: 'Un promoteur immobilier, visiteur',
    roleFr: 'Directeur de programmes',
    roleEn: 'Programme director',
    quoteFr: 'En 2017, nous avons sélectionné au salon plusieurs fournisseurs pour nos nouveaux projets résidentiels.',
    quoteEn: 'In 2017, we selected several suppliers at the show for our new residential projects.',
  },
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

/** Caption of a photo from a past edition. */
export interface GalleryItem {
  captionFr: string;
  captionEn: string;
}

// Captions of gallery photos from past editions, in display order.
export const GALLERY: GalleryItem[] = [
  { captionFr: 'Allées du salon, édition 2017', captionEn: 'Show aisles, 2017 edition' },
  { captionFr: 'Cérémonie d’ouverture, édition 2017', captionEn: 'Opening ceremony, 2017 edition' },
  { captionFr: 'Conférence du forum, édition 2017', captionEn: 'Forum conference, 2017 edition' },
  {
    captionFr: 'Démonstration d’engins de chantier, édition 2010',
    captionEn: 'Construction machinery demonstration, 2010 edition',
  },
  {
    captionFr: 'Stands du pavillon international, édition 2010',
    captionEn: 'International pavilion stands, 2010 edition',
  },
  {
    captionFr: 'Rencontres d’affaires entre exposants, édition 2008',
    captionEn: 'Business meetings between exhibitors, 2008 edition',
  },
  { captionFr: 'Espace des matériaux innovants, édition 2008', captionEn: 'Innovative materials area, 2008 edition' },
  {
    captionFr: 'Accueil des visiteurs professionnels, édition 2006',
    captionEn: 'Welcoming professional visitors, 2006 edition',
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

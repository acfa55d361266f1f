/** Seed content: the sectors of the sectors page, in French and English. */
import type { SECTOR_CHOICES, Texts } from '@salon/shared';

/** The English names of the forms' sectors (SECTOR_CHOICES), as the directory and the plan show them. */
export const SECTOR_CHOICES_EN: Record<(typeof SECTOR_CHOICES)[number], string> = {
  'Gros Oeuvre': 'Structural work',
  'Menuiserie & fermetures': 'Joinery & closures',
  Décoration: 'Decoration',
  'Sanitaire, Climatisation': 'Plumbing, air conditioning',
  'Equipement électrique': 'Electrical equipment',
  'Matériel & outillage': 'Equipment & tools',
  Sécurité: 'Safety & security',
  'Services et informatique': 'Services & IT',
  Formation: 'Training',
  'Promotion immobilière': 'Property development',
  Autre: 'Other',
};

/** A sector shown on the sectors page. */
export interface PageSector {
  name: Partial<Texts>;
  description: Partial<Texts>;
}

// The 18 sectors of the sectors page, in page order.
export const PAGE_SECTORS: PageSector[] = [
  {
    name: { fr: 'Institutionnels', en: 'Institutions' },
    description: {
      fr: 'Ministères, collectivités territoriales et établissements publics présentent leurs politiques et leurs programmes d’investissement. Ils rencontrent les professionnels qui les mettront en œuvre sur le terrain.',
      en: 'Ministries, local authorities and public bodies present their policies and investment programmes. They meet the professionals who will carry them out on the ground.',
    },
  },
  {
    name: { fr: 'Donneurs d’ordre', en: 'Contracting authorities' },
    description: {
      fr: 'Maîtres d’ouvrage publics et privés y dévoilent leurs projets à venir et leurs besoins. C’est l’occasion d’identifier des partenaires fiables pour les grands chantiers de la décennie.',
      en: 'Public and private project owners unveil their upcoming projects and needs. It is the opportunity to find reliable partners for the major works of the decade.',
    },
  },
  {
    name: { fr: 'Infrastructures et transport', en: 'Infrastructure and transport' },
    description: {
      fr: 'Routes, ouvrages d’art, voies ferrées, ports et aéroports sont au cœur des investissements à l’horizon 2030. Les acteurs du secteur présentent leurs savoir-faire en conception, réalisation et maintenance.',
      en: 'Roads, engineering structures, railways, ports and airports are at the heart of investment towards 2030. Players in the sector present their expertise in design, construction and maintenance.',
    },
  },
  {
    name: { fr: 'Équipement du bâtiment', en: 'Building equipment' },
    description: {
      fr: 'Ascenseurs, façades, isolation, chauffage et ventilation : les équipements qui rendent les bâtiments confortables et performants. Les exposants présentent des solutions adaptées aux exigences énergétiques actuelles.',
      en: 'Lifts, façades, insulation, heating and ventilation: the equipment that makes buildings comfortable and efficient. Exhibitors present solutions suited to current energy requirements.',
    },
  },
  {
    name: { fr: 'Engins et matériels', en: 'Machinery and equipment' },
    description: {
      fr: 'Engins de terrassement, grues, centrales à béton et outillage professionnel sont exposés en grandeur réelle. Les visiteurs peuvent comparer les modèles et assister à des démonstrations.',
      en: 'Earthmoving machines, cranes, concrete plants and professional tools are shown full size. Visitors can compare models and attend demonstrations.',
    },
  },
  {
    name: { fr: 'Banques et assurances', en: 'Banks and insurance' },
    description: {
      fr: 'Les établissements financiers accompagnent entreprises, promoteurs et particuliers dans le financement de leurs projets. Ils présentent aussi les garanties et assurances propres aux métiers de la construction.',
      en: 'Financial institutions support companies, developers and individuals in financing their projects. They also present the guarantees and insurance specific to the construction trades.',
    },
  },
  {
    name: { fr: 'Entreprises de construction', en: 'Construction companies' },
    description: {
      fr: 'Entreprises générales, PME et artisans du gros œuvre y présentent leurs références et leurs capacités. Le salon favorise les partenariats et la sous-traitance entre entreprises de toutes tailles.',
      en: 'General contractors, SMEs and structural-works craftsmen present their references and capacities. The show encourages partnerships and subcontracting between companies of all sizes.',
    },
  },
  {
    name: { fr: 'Menuiserie', en: 'Joinery' },
    description: {
      fr: 'Menuiseries bois, aluminium et PVC, portes, fenêtres et fermetures sont représentées par fabricants et installateurs. Les nouveautés portent sur l’isolation thermique, l’acoustique et la sécurité.',
      en: 'Wood, aluminium and PVC joinery, doors, windows and closures are represented by manufacturers and installers. New products focus on thermal insulation, acoustics and security.',
    },
  },
  {
    name: { fr: 'Sanitaire et finitions', en: 'Sanitary ware and finishes' },
    description: {
      fr: 'Robinetterie, céramique, revêtements de sols et de murs, peintures et enduits complètent l’offre du second œuvre. Les exposants mettent en avant la qualité, la durabilité et les économies d’eau.',
      en: 'Taps, ceramics, floor and wall coverings, paints and plasters complete the finishing-works offer. Exhibitors highlight quality, durability and water savings.',
    },
  },
  {
    name: { fr: 'Promotion immobilière', en: 'Property development' },
    description: {
      fr: 'Promoteurs et aménageurs présentent leurs programmes résidentiels, tertiaires et touristiques. Ils échangent avec les entreprises et les fournisseurs qui réaliseront leurs projets.',
      en: 'Developers and planners present their residential, office and tourism programmes. They meet the companies and suppliers who will build their projects.',
    },
  },
  {
    name: { fr: 'Énergie et environnement', en: 'Energy and environment' },
    description: {
      fr: 'Énergies renouvelables, efficacité énergétique, gestion de l’eau et des déchets de chantier répondent aux enjeux climatiques. Ce secteur illustre la transition vers une construction plus durable.',
      en: 'Renewable energy, energy efficiency, water management and construction waste respond to climate challenges. This sector illustrates the transition towards more sustainable construction.',
    },
  },
  {
    name: { fr: 'Organismes de formation', en: 'Training organisations' },
    description: {
      fr: 'Écoles, instituts et centres de formation présentent leurs cursus initiaux et continus aux métiers du BTP. Ils contribuent à former les compétences dont le secteur a besoin pour les prochaines années.',
      en: 'Schools, institutes and training centres present their initial and continuing courses in the construction trades. They help build the skills the sector needs in the coming years.',
    },
  },
  {
    name: { fr: 'Second œuvre', en: 'Finishing works' },
    description: {
      fr: 'Plâtrerie, cloisons, faux plafonds, étanchéité et revêtements rassemblent un grand nombre de corps d’état. Les professionnels y trouvent matériaux, techniques de pose et solutions innovantes.',
      en: 'Plastering, partitions, suspended ceilings, waterproofing and coverings bring together many trades. Professionals find materials, installation techniques and innovative solutions.',
    },
  },
  {
    name: { fr: 'Décoration et urbanisme', en: 'Decoration and urban planning' },
    description: {
      fr: 'Architecture d’intérieur, mobilier urbain, aménagement paysager et espaces publics participent à la qualité du cadre de vie. Artisans et concepteurs y présentent un savoir-faire alliant tradition et modernité.',
      en: 'Interior design, street furniture, landscaping and public spaces contribute to the quality of the living environment. Craftsmen and designers present know-how combining tradition and modernity.',
    },
  },
  {
    name: { fr: 'Équipement électrique', en: 'Electrical equipment' },
    description: {
      fr: 'Câblage, appareillage, éclairage, tableaux et solutions de bâtiment intelligent sont présentés par fabricants et distributeurs. La sécurité des installations et la maîtrise de la consommation sont au premier plan.',
      en: 'Wiring, switchgear, lighting, panels and smart-building solutions are presented by manufacturers and distributors. Installation safety and control of consumption come first.',
    },
  },
  {
    name: { fr: 'Associations professionnelles', en: 'Professional associations' },
    description: {
      fr: 'Fédérations, associations et ordres professionnels représentent les métiers de la construction. Ils informent sur la réglementation, les normes et les actions collectives de la profession.',
      en: 'Federations, associations and professional bodies represent the construction trades. They provide information on regulations, standards and the profession’s collective initiatives.',
    },
  },
  {
    name: { fr: 'Fournisseurs de technologies', en: 'Technology providers' },
    description: {
      fr: 'Logiciels de conception, BIM, gestion de chantier, drones et objets connectés transforment les pratiques du secteur. Les éditeurs et intégrateurs y présentent des outils concrets pour gagner en productivité.',
      en: 'Design software, BIM, site management, drones and connected devices are transforming the sector’s practices. Software vendors and integrators present practical tools to improve productivity.',
    },
  },
  {
    name: { fr: 'Laboratoires et bureaux d’études', en: 'Laboratories and design offices' },
    description: {
      fr: 'Laboratoires d’essais, bureaux de contrôle et bureaux d’études garantissent la qualité et la sécurité des ouvrages. Ils interviennent de la conception des projets jusqu’à leur réception.',
      en: 'Testing laboratories, inspection bodies and design offices ensure the quality and safety of structures. They are involved from project design through to final acceptance.',
    },
  },
];

/** Seed content: the fictional exhibiting companies of the demo directory (no real firm or address). */

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

/**
 * The texts the shared code writes, in French: the reference every other language's module
 * follows (its shape is SharedTexts). Functions are texts with values in them.
 */
export const fr = {
  /** The locale Intl formats the language's dates and numbers with. */
  locale: 'fr-FR',
  /** A date's text as Intl writes it, as the language prints it: French writes the first day of a month '1er'. */
  firstOfMonth: (text: string) => text.replace(/^1 /, '1er '),
  /** Between the hour and its minutes: '9h00'. */
  hourSeparator: 'h',
  /** Between two hours: '9h00-19h00'. */
  hoursDash: '-',
  /** After a day, before its hours: '29 mai 2024 : 9h00-19h00'. */
  dayHoursColon: ' :',
  /** Between thousands: '25 000'. */
  thousandsSeparator: ' ',
  /** '1re', '2e'. */
  ordinal: (n: number) => (n === 1 ? '1re' : `${n}e`),
  /** Between a stay's two ends: '29 mai au 1er juin 2024'. */
  datesJoin: 'au',
  /** How long the show lasts: 'quatre jours'. */
  dayCount: (days: number) =>
    ['', 'un jour', 'deux jours', 'trois jours', 'quatre jours', 'cinq jours', 'six jours', 'sept jours'][days] ??
    `${days} jours`,
  scanNotice:
    'Quand vous faites scanner votre badge sur un stand, l’exposant reçoit vos nom, e-mail, téléphone, société et fonction. Votre e-badge liste les stands qui l’ont scanné ; vous pouvez demander à chacun de ne plus vous contacter.',
  /** A layout's error with its line. */
  standLine: (line: number, text: string) => `Ligne ${line} : ${text}`,
  standLineMessages: {
    columns: '{found} colonnes au lieu de 6 (hall, stand, x, y, width, height).',
    columnsKind: '{found} colonnes au lieu de 6 à 8 (hall, stand, x, y, width, height, type, label).',
    hallMissing: 'Le hall manque.',
    standNumber: 'Numéro de stand « {value} » invalide : lettres et chiffres, séparés par - . / ou une espace.',
    standLong: 'Numéro de stand de plus de 20 caractères.',
    wholeNumber: '{column} : nombre entier attendu, {min} au moins (« {value} »).',
    tooLarge: '{column} : {max} au plus.',
    unknownHall: 'Hall inconnu : « {hall} ». Halls : {halls}.',
    noOutline: 'Le {hall} n’a pas de dimensions : renseignez sa largeur et sa profondeur dans les halls.',
    outside: 'Le stand {number} dépasse du {hall} ({width} × {height}).',
    duplicate: 'Le stand {number} figure déjà à la ligne {other}.',
    taken: 'Le stand {number} existe déjà dans le {hall}.',
    overlap: 'Le stand {number} chevauche le stand {other} (ligne {otherLine}).',
    overlapKept: 'Le stand {number} chevauche le stand {other}.',
    tooManyLines: 'Le fichier a plus de {max} lignes.',
    tooLong: 'Le fichier dépasse {max} caractères.',
    empty: 'Le fichier ne contient aucun stand.',
    featureKind: 'Type « {value} » inconnu : stand, entrée, allée, accueil, toilettes, café, secours ou forum.',
    labelLong: 'Libellé de plus de 60 caractères.',
    featureOutside: '{kind} : dépasse du {hall} ({width} × {height}).',
    featureOnStand: '{kind} : chevauche le stand {number}.',
    featureOverlap: '{kind} : chevauche « {otherKind} » (ligne {otherLine}).',
    featureOverlapKept: '{kind} : chevauche « {otherKind} ».',
    standOnFeature: 'Le stand {number} empiète sur « {kind} ».',
  },
  /** Each kind of a plan's feature as the messages name it. */
  featureNames: {
    entrance: 'Entrée',
    aisle: 'Allée',
    reception: 'Accueil',
    toilets: 'Toilettes',
    cafe: 'Café',
    'first-aid': 'Premiers secours',
    forum: 'Salle du forum',
  },
  /**
   * The back-office's content forms' messages (content-forms.ts): the API answers them in French,
   * the back-office shows them in its language. `%{value}`: the value the message names.
   */
  contentForm: {
    text: 'Texte attendu.',
    maxChars: '%{value} caractères au plus.',
    link: 'Adresse http(s)://… ou chemin du site commençant par /.',
    website: 'Adresse http(s)://… attendue.',
    positionInteger: 'Position : un nombre entier.',
    positionMin: 'Position : 0 ou plus.',
    positionMax: 'Position : 100 000 au plus.',
    fileId: 'Fichier : identifiant attendu.',
    active: 'Actif : true ou false.',
    placement: 'Emplacement : Haut ou Bas.',
    time: 'Heure au format HH:MM.',
    conferenceKind: 'Type : conference, academy ou sponsor.',
    day: 'Jour au format AAAA-MM-JJ.',
    idsMin: 'ids : au moins un identifiant.',
    idsMax: 'ids : 500 identifiants au plus.',
    idsOnce: 'ids : chaque identifiant une seule fois.',
  },
};

/** What each language's module of shared texts holds. */
export type SharedTexts = typeof fr;

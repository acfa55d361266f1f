import type { AdminMessages } from '../../i18n';

export const floorPlanMessages: AdminMessages = {
  fr: {
    resources: {
      stands: {
        name: 'Stand |||| Stands du plan',
        fields: {
          gateId: 'Hall',
          hall: 'Hall',
          number: 'Numéro',
          x: 'x',
          y: 'y',
          width: 'Largeur',
          height: 'Profondeur',
          exhibitor: 'Exposant',
          q: 'Rechercher',
        },
      },
      'plan-import': { name: 'Importer un plan' },
      'plan-editor': { name: 'Dessiner le plan' },
    },
    admin: {
      floorPlan: {
        editorTitle: 'Dessiner le plan',
        editorIntro:
          'Faites glisser un stand pour le déplacer, et sa poignée orange, en bas à droite, pour le redimensionner. Au clavier : Tab jusqu’au stand, les flèches le déplacent d’une unité, Maj + flèches le redimensionnent. Chaque changement est vérifié puis enregistré aussitôt ; le plan public et son PDF suivent.',
        noHall:
          'Aucun hall n’a encore de dimensions : renseignez la largeur et la profondeur d’un hall pour dessiner son plan.',
        halls: 'Halls',
        drawing: 'Plan du %{hall} (%{width} × %{height})',
        standLabel: 'Stand %{number}, %{exhibitor} : x %{x}, y %{y}, %{width} × %{height}',
        free: 'libre',
        saved: 'Stand %{number} enregistré : x %{x}, y %{y}, %{width} × %{height}.',
        toList: 'Voir la liste des stands',
        importTitle: 'Importer un plan (CSV)',
        importIntro:
          'Un fichier CSV d’une ligne par stand : hall, stand, x, y, width, height (en-tête facultatif, séparateur virgule, point-virgule ou tabulation ; nombres entiers, dans les unités du hall, depuis son coin en haut à gauche). Le fichier remplace tous les stands des halls qu’il nomme, et seulement ceux-là. Un aperçu s’affiche avant l’import ; une seule erreur et rien n’est importé.',
        chooseFile: 'Choisir un fichier CSV',
        tooBig: 'Ce fichier est trop gros pour un plan.',
        errors: '%{smart_count} erreur : rien ne sera importé. |||| %{smart_count} erreurs : rien ne sera importé.',
        ready: '%{count} stands prêts à être importés.',
        imported: '%{count} stands importés.',
        hallsTable: 'Stands par hall',
        before: 'Stands aujourd’hui',
        after: 'Après l’import',
        unplaced: 'Ces exposants n’auront plus leur stand sur le plan :',
        import: 'Importer',
        numberHint: 'Tel que les visiteurs le lisent, ex. B-14 ; unique dans le salon.',
        unitsHint: 'Nombres entiers dans les unités du hall, depuis son coin en haut à gauche.',
      },
    },
    wholeNumber: 'Nombre entier attendu (0 au moins, 1 au moins pour une taille).',
    tooLarge: 'Nombre trop grand.',
    standNumber: 'Lettres et chiffres, séparés par - . / ou une espace.',
  },
  en: {
    resources: {
      stands: {
        name: 'Stand |||| Floor plan stands',
        fields: {
          gateId: 'Hall',
          hall: 'Hall',
          number: 'Number',
          x: 'x',
          y: 'y',
          width: 'Width',
          height: 'Depth',
          exhibitor: 'Exhibitor',
          q: 'Search',
        },
      },
      'plan-import': { name: 'Import a plan' },
      'plan-editor': { name: 'Draw the plan' },
    },
    admin: {
      floorPlan: {
        editorTitle: 'Draw the plan',
        editorIntro:
          'Drag a stand to move it, and its orange handle, bottom right, to resize it. With the keyboard: Tab to the stand, arrows move it by one unit, Shift + arrows resize it. Each change is checked, then saved at once; the public plan and its PDF follow.',
        noHall: 'No hall has a size yet: fill in a hall’s width and depth to draw its plan.',
        halls: 'Halls',
        drawing: 'Plan of %{hall} (%{width} × %{height})',
        standLabel: 'Stand %{number}, %{exhibitor}: x %{x}, y %{y}, %{width} × %{height}',
        free: 'free',
        saved: 'Stand %{number} saved: x %{x}, y %{y}, %{width} × %{height}.',
        toList: 'See the list of stands',
        importTitle: 'Import a plan (CSV)',
        importIntro:
          'A CSV file with one line per stand: hall, stand, x, y, width, height (header optional, separated by commas, semicolons or tabs; whole numbers, in the hall’s units, from its top left corner). The file replaces every stand of the halls it names, and only theirs. A preview shows before the import; with a single error nothing is imported.',
        chooseFile: 'Choose a CSV file',
        tooBig: 'This file is too large for a plan.',
        errors: '%{smart_count} error: nothing will be imported. |||| %{smart_count} errors: nothing will be imported.',
        ready: '%{count} stands ready to import.',
        imported: '%{count} stands imported.',
        hallsTable: 'Stands by hall',
        before: 'Stands now',
        after: 'After the import',
        unplaced: 'These exhibitors will no longer have their stand on the plan:',
        import: 'Import',
        numberHint: 'As visitors read it, e.g. B-14; unique in the show.',
        unitsHint: 'Whole numbers in the hall’s units, from its top left corner.',
      },
    },
    wholeNumber: 'A whole number expected (at least 0, at least 1 for a size).',
    tooLarge: 'Number too large.',
    standNumber: 'Letters and digits, separated by - . / or a space.',
  },
};

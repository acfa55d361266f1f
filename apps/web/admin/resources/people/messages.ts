import type { AdminMessages } from '../../i18n';

export const peopleMessages: AdminMessages = {
  fr: {
    retentionMonths: 'Une durée de 1 à 240 mois (20 ans) est attendue.',
    resources: {
      visitors: {
        name: 'Visiteur |||| Visiteurs',
        fields: {
          id: 'N°',
          name: 'Nom',
          email: 'Email',
          phone: 'Téléphone',
          company: 'Société',
          jobPosition: 'Fonction',
          secteurActivite: 'Secteur d’activité',
          businessSector: 'Secteur (détail)',
          pays: 'Pays',
          language: 'Langue',
          createdAt: 'Inscrit le',
          status: 'État',
          anonymisedAt: 'Supprimé le',
          edition: 'Édition',
          q: 'Rechercher',
        },
      },
      retention: {
        name: 'Conservation des données',
        fields: {
          enabled: 'Anonymisation automatique activée',
          months: 'Durée de conservation (mois après le dernier jour du salon)',
          lastRunAt: 'Dernière anonymisation',
          cutoff: 'Données de cette édition conservées jusqu’au',
        },
      },
    },
    admin: {
      people: {
        state: { erased: 'Supprimé', badgeRevoked: 'Badge révoqué' },
        exportList: 'Exporter (xlsx)',
        resendBadge: 'Renvoyer le badge',
        badgeResent: 'Badge renvoyé par e-mail.',
        export: { json: 'Exporter les données (JSON)', xlsx: 'Exporter les données (xlsx)' },
        erasedOn: 'Données personnelles supprimées le %{date}.',
        erase: {
          action: 'Supprimer les données personnelles',
          intro: 'Les données personnelles de %{name} vont être supprimées :',
          fields:
            'le nom, l’adresse e-mail, le téléphone, la société, la fonction et les autres champs sont anonymisés ;',
          badge: 'son badge est révoqué et ne permet plus d’entrer ;',
          scans: 'ses scans sont conservés pour les comptes des exposants, sous le nom « Personne supprimée ».',
          irreversible: 'Cette opération est irréversible.',
          confirm: 'Supprimer',
          done: 'Données personnelles supprimées.',
        },
        retention: {
          title: 'Conservation des données personnelles',
          enabledHint:
            'Désactivée tant qu’elle n’est pas activée ici : aucun visiteur n’est anonymisé automatiquement.',
          monthsHint: 'Entre 1 et 240 mois ; 24 mois par défaut.',
          never: 'Jamais',
          dryRun: 'Liste de contrôle (simulation)',
          dryRunHint:
            'Les visiteurs dont le dernier salon s’est terminé depuis plus longtemps que la durée enregistrée. Rien n’est modifié tant que vous ne cliquez pas sur « Anonymiser maintenant ».',
          none: 'Aucun visiteur à anonymiser aujourd’hui.',
          total:
            '%{smart_count} visiteur à anonymiser aujourd’hui. |||| %{smart_count} visiteurs à anonymiser aujourd’hui.',
          partial: 'Les %{smart_count} premiers sont listés et seront anonymisés.',
          run: 'Anonymiser maintenant',
          runConfirm:
            'Les données personnelles du visiteur listé seront anonymisées et son badge révoqué. Cette opération est irréversible. |||| Les données personnelles des %{smart_count} visiteurs listés seront anonymisées et leurs badges révoqués. Cette opération est irréversible.',
          done: '%{smart_count} visiteur anonymisé. |||| %{smart_count} visiteurs anonymisés.',
        },
      },
    },
  },
  en: {
    retentionMonths: 'A duration of 1 to 240 months (20 years) is expected.',
    resources: {
      visitors: {
        name: 'Visitor |||| Visitors',
        fields: {
          id: 'No.',
          name: 'Name',
          email: 'E-mail',
          phone: 'Phone',
          company: 'Company',
          jobPosition: 'Position',
          secteurActivite: 'Business sector',
          businessSector: 'Sector (detail)',
          pays: 'Country',
          language: 'Language',
          createdAt: 'Registered',
          status: 'State',
          anonymisedAt: 'Erased',
          edition: 'Edition',
          q: 'Search',
        },
      },
      retention: {
        name: 'Data retention',
        fields: {
          enabled: 'Automatic anonymisation on',
          months: 'Retention period (months after the last day of the show)',
          lastRunAt: 'Last anonymisation',
          cutoff: 'This edition’s data kept until',
        },
      },
    },
    admin: {
      people: {
        state: { erased: 'Erased', badgeRevoked: 'Badge revoked' },
        exportList: 'Export (xlsx)',
        resendBadge: 'Resend the badge',
        badgeResent: 'Badge sent again by e-mail.',
        export: { json: 'Export the data (JSON)', xlsx: 'Export the data (xlsx)' },
        erasedOn: 'Personal data erased on %{date}.',
        erase: {
          action: 'Erase the personal data',
          intro: 'The personal data of %{name} will be erased:',
          fields: 'the name, e-mail address, phone, company, position and the other fields are anonymised;',
          badge: 'the badge is revoked and no longer lets anyone in;',
          scans: 'the scans are kept for the exhibitors’ counts, under the name “Personne supprimée”.',
          irreversible: 'This cannot be undone.',
          confirm: 'Erase',
          done: 'Personal data erased.',
        },
        retention: {
          title: 'Personal data retention',
          enabledHint: 'Off until it is turned on here: no visitor is anonymised automatically.',
          monthsHint: 'Between 1 and 240 months; 24 months by default.',
          never: 'Never',
          dryRun: 'Checklist (dry run)',
          dryRunHint:
            'The visitors whose latest show ended longer ago than the saved period. Nothing changes until you click “Anonymise now”.',
          none: 'No visitor to anonymise today.',
          total: '%{smart_count} visitor to anonymise today. |||| %{smart_count} visitors to anonymise today.',
          partial: 'The first %{smart_count} are listed and will be anonymised.',
          run: 'Anonymise now',
          runConfirm:
            'The personal data of the listed visitor will be anonymised and the badge revoked. This cannot be undone. |||| The personal data of the %{smart_count} listed visitors will be anonymised and their badges revoked. This cannot be undone.',
          done: '%{smart_count} visitor anonymised. |||| %{smart_count} visitors anonymised.',
        },
      },
    },
  },
};

import type { AdminMessages } from '../../i18n';

const statusFr = {
  nouveau: 'Nouveau',
  contacte: 'Contacté',
  converti: 'Converti',
  refuse: 'Refusé',
  pending: 'À confirmer',
  confirmed: 'Confirmé',
  deactivated: 'Désactivé',
};
const statusEn = {
  nouveau: 'New',
  contacte: 'Contacted',
  converti: 'Converted',
  refuse: 'Declined',
  pending: 'To confirm',
  confirmed: 'Confirmed',
  deactivated: 'Deactivated',
};

export const exhibitorAccountsMessages: AdminMessages = {
  fr: {
    resources: {
      enquiries: {
        name: 'Demande |||| Demandes exposants',
        fields: {
          createdAt: 'Reçue le',
          societe: 'Société',
          nom: 'Nom',
          email: 'Email',
          telephone: 'Téléphone',
          secteurActivite: 'Secteur',
          message: 'Message',
          status: 'Statut',
          notes: 'Notes',
          q: 'Rechercher',
        },
      },
      exhibitors: {
        name: 'Exposant |||| Exposants',
        fields: {
          logo: 'Logo',
          logoId: 'Logo',
          company: 'Société',
          name: 'Contact',
          email: 'Email',
          phone: 'Téléphone',
          secteurActivite: 'Secteur d’activité',
          pays: 'Pays',
          adresse: 'Adresse',
          gate: 'Hall',
          gateId: 'Hall',
          booth: 'Stand',
          status: 'Statut',
          collaborators: 'Collaborateurs',
          scans: 'Scans',
          edition: 'Édition',
          q: 'Rechercher',
        },
      },
    },
    admin: {
      exhibitors: {
        status: statusFr,
        convert: 'Convertir en exposant',
        collaborators: 'Collaborateurs',
        noCollaborator: 'Aucun collaborateur.',
        jobPosition: 'Fonction',
        actions: {
          confirm: 'Confirmer',
          'resend-access': 'Renvoyer l’accès',
          deactivate: 'Désactiver',
          reactivate: 'Réactiver',
        },
        confirm: {
          confirm:
            '%{company} apparaîtra dans l’annuaire et en sera informé par e-mail : avec son lien d’accès, ou, s’il a déjà un compte d’une édition passée, l’invitation à s’y connecter.',
          'resend-access': '%{company} recevra un nouveau lien d’accès ; le précédent ne fonctionnera plus.',
          deactivate:
            '%{company} et ses collaborateurs ne pourront plus se connecter, leurs badges seront révoqués et l’exposant quittera l’annuaire. Leurs données sont conservées.',
          reactivate: '%{company} et ses collaborateurs retrouveront leur accès et leurs badges.',
        },
        done: {
          confirm: 'Exposant confirmé : il en est informé par e-mail.',
          'resend-access': 'Accès envoyé avec succès.',
          deactivate: 'Exposant désactivé.',
          reactivate: 'Exposant réactivé.',
        },
      },
    },
    unknownHall: 'Hall inconnu',
    unknownImage: 'Image introuvable',
    alreadyConverted: 'Demande déjà convertie en exposant',
  },
  en: {
    resources: {
      enquiries: {
        name: 'Enquiry |||| Exhibitor enquiries',
        fields: {
          createdAt: 'Received',
          societe: 'Company',
          nom: 'Name',
          email: 'E-mail',
          telephone: 'Phone',
          secteurActivite: 'Sector',
          message: 'Message',
          status: 'Status',
          notes: 'Notes',
          q: 'Search',
        },
      },
      exhibitors: {
        name: 'Exhibitor |||| Exhibitors',
        fields: {
          logo: 'Logo',
          logoId: 'Logo',
          company: 'Company',
          name: 'Contact',
          email: 'E-mail',
          phone: 'Phone',
          secteurActivite: 'Business sector',
          pays: 'Country',
          adresse: 'Address',
          gate: 'Hall',
          gateId: 'Hall',
          booth: 'Stand',
          status: 'Status',
          collaborators: 'Collaborators',
          scans: 'Scans',
          edition: 'Edition',
          q: 'Search',
        },
      },
    },
    admin: {
      exhibitors: {
        status: statusEn,
        convert: 'Convert into an exhibitor',
        collaborators: 'Collaborators',
        noCollaborator: 'No collaborator.',
        jobPosition: 'Position',
        actions: {
          confirm: 'Confirm',
          'resend-access': 'Resend access',
          deactivate: 'Deactivate',
          reactivate: 'Reactivate',
        },
        confirm: {
          confirm:
            '%{company} will be listed in the directory and told by e-mail: with its access link or, if it already has an account from a past edition, asked to sign in with it.',
          'resend-access': '%{company} will receive a new access link; the previous one will stop working.',
          deactivate:
            '%{company} and its collaborators will no longer sign in, their badges will be revoked and the exhibitor will leave the directory. Their data is kept.',
          reactivate: '%{company} and its collaborators will get their access and badges back.',
        },
        done: {
          confirm: 'Exhibitor confirmed: it is told by e-mail.',
          'resend-access': 'Access sent.',
          deactivate: 'Exhibitor deactivated.',
          reactivate: 'Exhibitor reactivated.',
        },
      },
    },
    unknownHall: 'Unknown hall',
    unknownImage: 'Image not found',
    alreadyConverted: 'Enquiry already converted into an exhibitor',
  },
};

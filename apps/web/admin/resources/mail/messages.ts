import type { AdminMessages } from '../../i18n';

export const mailMessages: AdminMessages = {
  fr: {
    resources: {
      mails: {
        name: 'E-mail |||| E-mails envoyés',
        fields: {
          to: 'Destinataire',
          subject: 'Objet',
          status: 'État',
          attempts: 'Tentatives',
          lastError: 'Dernière erreur',
          nextAttemptAt: 'Prochain essai',
          sentAt: 'Envoyé le',
          createdAt: 'Créé le',
          q: 'Rechercher',
        },
      },
      newsletters: {
        name: 'Abonné |||| Newsletter',
        fields: {
          email: 'Adresse e-mail',
          language: 'Langue',
          state: 'État',
          createdAt: 'Inscrit le',
          confirmedAt: 'Confirmé le',
          unsubscribedAt: 'Désinscrit le',
          q: 'Rechercher',
        },
      },
    },
    admin: {
      mail: {
        status: { pending: 'En attente', sending: 'En cours d’envoi', sent: 'Envoyé', failed: 'En échec' },
        state: { waiting: 'En attente de confirmation', confirmed: 'Confirmé', unsubscribed: 'Désinscrit' },
        retry: 'Réessayer',
        retried: 'L’e-mail est remis dans la file d’envoi.',
        eml: 'Télécharger le .eml',
        html: 'HTML',
        text: 'Texte',
        export: 'Exporter',
        linkRedacted:
          'Le lien de ce message (mot de passe, invitation, confirmation d’adresse) n’est jamais conservé : il est créé à l’envoi, et seule la personne le reçoit.',
      },
    },
  },
  en: {
    resources: {
      mails: {
        name: 'E-mail |||| Sent e-mails',
        fields: {
          to: 'Recipient',
          subject: 'Subject',
          status: 'State',
          attempts: 'Attempts',
          lastError: 'Last error',
          nextAttemptAt: 'Next attempt',
          sentAt: 'Sent',
          createdAt: 'Created',
          q: 'Search',
        },
      },
      newsletters: {
        name: 'Subscriber |||| Newsletter',
        fields: {
          email: 'E-mail address',
          language: 'Language',
          state: 'State',
          createdAt: 'Subscribed',
          confirmedAt: 'Confirmed',
          unsubscribedAt: 'Unsubscribed',
          q: 'Search',
        },
      },
    },
    admin: {
      mail: {
        status: { pending: 'Waiting', sending: 'Sending', sent: 'Sent', failed: 'Failed' },
        state: { waiting: 'Waiting for confirmation', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' },
        retry: 'Retry',
        retried: 'The e-mail is back in the sending queue.',
        eml: 'Download the .eml',
        html: 'HTML',
        text: 'Text',
        export: 'Export',
        linkRedacted:
          'This mail’s link (password, invitation, address confirmation) is never kept: it is made when the mail leaves, and only the person receives it.',
      },
    },
  },
};

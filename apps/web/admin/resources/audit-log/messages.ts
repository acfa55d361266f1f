import type { AdminMessages } from '../../i18n';

export const auditLogMessages: AdminMessages = {
  fr: {
    resources: {
      'audit-log': {
        name: 'Action |||| Journal d’audit',
        fields: {
          createdAt: 'Date',
          user: 'Qui',
          action: 'Action',
          resource: 'Ressource',
          recordId: 'Fiche',
          q: 'Rechercher',
        },
      },
    },
    admin: {
      auditLog: { before: 'Avant', after: 'Après', formerUser: 'Compte supprimé' },
    },
  },
  en: {
    resources: {
      'audit-log': {
        name: 'Action |||| Audit log',
        fields: {
          createdAt: 'Date',
          user: 'Who',
          action: 'Action',
          resource: 'Resource',
          recordId: 'Record',
          q: 'Search',
        },
      },
    },
    admin: {
      auditLog: { before: 'Before', after: 'After', formerUser: 'Deleted account' },
    },
  },
};

import type { AdminMessages } from '../../i18n';

export const devicesMessages: AdminMessages = {
  fr: {
    resources: {
      checkins: {
        name: 'Entrée |||| Entrées aux portes',
        fields: {
          edition: 'Édition',
          scannedAt: 'Date',
          name: 'Porteur du badge',
          gate: 'Hall',
          gateId: 'Hall',
          controller: 'Contrôleur',
          deviceId: 'Appareil',
          verdict: 'Décision',
          reentry: 'Retour',
          conflict: 'Conflit',
          day: 'Jour',
          q: 'Rechercher',
        },
      },
      'kiosk-sessions': {
        name: 'Borne |||| Bornes',
        fields: {
          name: 'Nom',
          enabledBy: 'Activée par',
          createdAt: 'Activée le',
          lastSeenAt: 'Dernière activité',
          revokedAt: 'État',
          q: 'Rechercher',
        },
      },
    },
    admin: {
      devices: {
        verdict: { admitted: 'Admis', already_entered: 'Déjà entré', refused: 'Refusé' },
        reason: {
          invalid: 'badge invalide',
          otherEvent: 'autre édition',
          revoked: 'badge révoqué',
          closed: 'salon fermé',
        },
        conflict: 'Double admission',
        conflicts: 'Conflits',
        unknownHolder: 'Badge inconnu',
        liveOnly: 'Actives seulement',
        revokedOn: 'Révoquée le %{date}',
        liveUntil: 'Active jusqu’au %{date}',
        expiredOn: 'Journée terminée le %{date}',
        revoke: 'Révoquer',
        revokeTitle: 'Révoquer la borne « %{name} » ?',
        revokeContent:
          'La borne revient à son écran d’activation ; un contrôleur ou un organisateur devra la réactiver.',
        revoked: 'Borne révoquée.',
      },
    },
  },
  en: {
    resources: {
      checkins: {
        name: 'Entry |||| Gate entries',
        fields: {
          edition: 'Edition',
          scannedAt: 'Date',
          name: 'Badge holder',
          gate: 'Hall',
          gateId: 'Hall',
          controller: 'Controller',
          deviceId: 'Device',
          verdict: 'Decision',
          reentry: 'Re-entry',
          conflict: 'Conflict',
          day: 'Day',
          q: 'Search',
        },
      },
      'kiosk-sessions': {
        name: 'Kiosk |||| Kiosks',
        fields: {
          name: 'Name',
          enabledBy: 'Enabled by',
          createdAt: 'Enabled',
          lastSeenAt: 'Last activity',
          revokedAt: 'State',
          q: 'Search',
        },
      },
    },
    admin: {
      devices: {
        verdict: { admitted: 'Admitted', already_entered: 'Already in', refused: 'Refused' },
        reason: {
          invalid: 'invalid badge',
          otherEvent: 'other edition',
          revoked: 'revoked badge',
          closed: 'show closed',
        },
        conflict: 'Double admission',
        conflicts: 'Conflicts',
        unknownHolder: 'Unknown badge',
        liveOnly: 'Active only',
        revokedOn: 'Revoked on %{date}',
        liveUntil: 'Active until %{date}',
        expiredOn: 'Day ended on %{date}',
        revoke: 'Revoke',
        revokeTitle: 'Revoke the kiosk “%{name}”?',
        revokeContent:
          'The kiosk goes back to its activation screen; a controller or an organiser will have to enable it again.',
        revoked: 'Kiosk revoked.',
      },
    },
  },
};

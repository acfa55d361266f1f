import { useTranslation } from 'react-i18next';
import { FOLLOW_UPS } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { ApiError } from '../../../lib/api-client';
import { useUpdateLead } from '../api/scans';
import type { ScanView } from '../types';

/**
 * The lead's follow-up, set by the exhibitor and its collaborators, saved when changed. It stays
 * theirs to change after the person asked not to be contacted (decision 043): the request can be
 * taken back, and 'Recontacté' may already be true.
 */
export function FollowUpSelect({ scan }: { scan: ScanView }) {
  const { t } = useTranslation();
  const update = useUpdateLead();
  const id = `follow-up-${scan.id}`;
  return (
    <div className="field scan-follow-up">
      <label htmlFor={id}>{t('area.leads.followUp')}</label>
      <select
        id={id}
        value={scan.followUp ?? ''}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate({
            id: scan.id,
            update: {
              followUp: event.target.value ? (event.target.value as ScanView['followUp']) : null,
              // Changed meanwhile on another phone: a 409, and the list shows the follow-up as it stands.
              previous: { followUp: scan.followUp },
            },
          })
        }
      >
        <option value="">{t('area.leads.noFollowUp')}</option>
        {FOLLOW_UPS.map((code) => (
          <option key={code} value={code}>
            {t(`area.leads.followUps.${code}`)}
          </option>
        ))}
      </select>
      {update.isError && (
        <Alert tone="danger">
          {update.error instanceof ApiError && update.error.status === 409
            ? t('area.leads.conflict', { fields: t('area.leads.fields.followUp') })
            : t(submitErrorKey(update.error) ?? 'errors.generic')}
        </Alert>
      )}
    </div>
  );
}

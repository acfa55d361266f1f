import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime, showDay, type ScanRefusal } from '@salon/shared';
import { NAME_SLOT, nameInText } from '../../../components/ui/name-in-text';
import type { ScanView } from '../types';

export type Verdict =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'recorded' | 'alreadyScanned'; scan: ScanView; team?: TeamScan }
  | { kind: 'kept' }
  | { kind: 'refused'; reason: ScanRefusal };

/** Another member of the team scanned the same person in this edition (the latest of them). */
export interface TeamScan {
  name: string;
  createdAt: string;
}

function Person({ scan }: { scan: ScanView }) {
  const { name, company, jobPosition } = scan.person;
  return (
    <>
      {name && (
        <p className="verdict-name">
          <bdi>{name}</bdi>
        </p>
      )}
      {company && (
        <p className="verdict-company">
          <bdi>{company}</bdi>
        </p>
      )}
      {jobPosition && (
        <p>
          <bdi>{jobPosition}</bdi>
        </p>
      )}
    </>
  );
}

/**
 * What became of the last badge, big and coloured so that it reads at arm's length. The region
 * is always in the page, so that a screen reader announces each new verdict; a refusal is an
 * alert.
 */
export function VerdictPanel({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation();
  return (
    <div
      className={`verdict verdict-${verdict.kind}`}
      role="status"
      aria-live="polite"
      data-testid="scan-verdict"
      data-verdict={verdict.kind}
    >
      {verdict.kind === 'idle' && <p>{t('scanner.idle')}</p>}
      {verdict.kind === 'checking' && <p aria-busy="true">{t('common.loading')}</p>}
      {verdict.kind === 'recorded' && (
        <>
          <h2>{t('scanner.recorded')}</h2>
          <Person scan={verdict.scan} />
          {verdict.team && (
            <p className="verdict-team">
              {nameInText(
                showDay(verdict.team.createdAt) === showDay(verdict.scan.createdAt)
                  ? t('scanner.teamToday', { name: NAME_SLOT, time: formatTime(verdict.team.createdAt) })
                  : t('scanner.teamEarlier', { name: NAME_SLOT, date: formatDateTime(verdict.team.createdAt) }),
                verdict.team.name,
              )}
            </p>
          )}
        </>
      )}
      {verdict.kind === 'alreadyScanned' && (
        <>
          <h2>{t('scanner.alreadyScanned', { time: formatTime(verdict.scan.createdAt) })}</h2>
          <Person scan={verdict.scan} />
        </>
      )}
      {verdict.kind === 'kept' && (
        <>
          <h2>{t('scanner.kept')}</h2>
          <p>{t('scanner.keptHint')}</p>
        </>
      )}
      {verdict.kind === 'refused' && (
        <div role="alert">
          <p className="verdict-reason">{t(`scanner.refused.${verdict.reason}`)}</p>
        </div>
      )}
    </div>
  );
}

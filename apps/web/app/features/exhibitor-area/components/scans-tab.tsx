import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, type ScanTable } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { EmailText } from '../../../components/ui/email-text';
import { Pager } from '../../../components/ui/pager';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { paths } from '../../../config/paths';
import type { Session } from '../../../lib/session';
import { WaitingLine } from '../../../components/scan/waiting-line';
import { useWaitingCount } from '../../../lib/scans/hooks';
import { queueAvailable } from '../../../lib/scans/queue';
import { syncQueue } from '../../../lib/scans/sync';
import type { ScanView } from '../../../lib/scans/types';
import { scansKey, useExportScans, useScans } from '../api/scans';

/** The note and rating of a scan, in a row under it, opened from the name. */
function Details({ scan, id, span }: { scan: ScanView; id: string; span: number }) {
  const { t } = useTranslation();
  return (
    <tr className="scan-details" id={id}>
      <td colSpan={span}>
        {scan.note && <p>{t('area.scans.note', { note: scan.note })}</p>}
        {scan.rating !== null && <p>{t('area.scans.rating', { rating: scan.rating })}</p>}
      </td>
    </tr>
  );
}

/**
 * One table of scans, 50 a page, newest first, with its export. On a phone each row reads as a
 * card (app.css).
 */
function ScansTable({ table, userId, title }: { table: ScanTable; userId: number; title: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const list = useScans(table, userId, page);
  const exporter = useExportScans();
  const rows = list.data?.data ?? [];
  const pageCount = list.data?.meta.pagination.pageCount ?? 1;
  const byCollaborators = table === 'scansByCollaborators';
  const labels = {
    type: t('area.scans.type'),
    name: t('area.scans.name'),
    email: t('area.scans.email'),
    phone: t('area.scans.phone'),
    company: t('area.scans.company'),
    jobPosition: t('area.scans.jobPosition'),
    date: t('area.scans.date'),
    by: t('area.scans.by'),
  };
  const span = byCollaborators ? 8 : 7;
  const titleId = `${table}-title`;

  let body;
  if (list.isPending) body = <p aria-busy="true">{t('common.loading')}</p>;
  else if (list.isError) body = <Alert tone="danger">{t(submitErrorKey(list.error) ?? 'errors.generic')}</Alert>;
  else {
    body = (
      // Wide content scrolls inside the card instead of widening the page.
      <div className="table-scroll">
        <table className="area-table scans-table" id={table} aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">{labels.type}</th>
              <th scope="col">{labels.name}</th>
              <th scope="col">{labels.email}</th>
              <th scope="col">{labels.phone}</th>
              <th scope="col">{labels.company}</th>
              <th scope="col">{labels.jobPosition}</th>
              <th scope="col">{labels.date}</th>
              {byCollaborators && <th scope="col">{labels.by}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr className="scans-empty">
                <td colSpan={span}>{t('area.scans.empty')}</td>
              </tr>
            )}
            {rows.map((scan) => {
              const detailsId = `${table}-${scan.id}-details`;
              const hasDetails = Boolean(scan.note) || scan.rating !== null;
              const open = hasDetails && opened === scan.id;
              const visitor = scan.typeScanned === 'visitor';
              const name = scan.erased ? t('area.scans.erased') : (scan.person.name ?? scan.person.email ?? '');
              return (
                <Fragment key={scan.id}>
                  <tr>
                    <td data-label={labels.type}>
                      <span className={`scan-type ${visitor ? 'scan-type-visitor' : 'scan-type-exhibitor'}`}>
                        {t(visitor ? 'area.scans.visitor' : 'area.scans.exhibitor')}
                      </span>
                    </td>
                    <th scope="row" data-label={labels.name}>
                      {hasDetails ? (
                        <button
                          type="button"
                          className="scan-name"
                          aria-expanded={open}
                          aria-controls={open ? detailsId : undefined}
                          onClick={() => setOpened(open ? null : scan.id)}
                        >
                          {name}
                        </button>
                      ) : (
                        name
                      )}
                    </th>
                    <td data-label={labels.email}>
                      <EmailText value={scan.person.email} />
                    </td>
                    <td data-label={labels.phone}>{scan.person.phone}</td>
                    <td data-label={labels.company}>{scan.person.company}</td>
                    <td data-label={labels.jobPosition}>{scan.person.jobPosition}</td>
                    <td data-label={labels.date}>{formatDateTime(scan.createdAt)}</td>
                    {byCollaborators && <td data-label={labels.by}>{scan.scanner.name}</td>}
                  </tr>
                  {open && <Details scan={scan} id={detailsId} span={span} />}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="scans-section" aria-labelledby={titleId}>
      <div className="scans-head">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="btn btn-outline"
          disabled={exporter.isPending}
          onClick={() => exporter.mutate({ table, lang: i18n.language })}
        >
          {t('area.scans.export')}
        </button>
      </div>
      {exporter.isError && <Alert tone="danger">{t(submitErrorKey(exporter.error) ?? 'errors.generic')}</Alert>}
      {body}
      <Pager page={page} pageCount={pageCount} onPage={setPage} label={t('area.scans.pagination', { title })} />
    </section>
  );
}

/**
 * 'Mes scans': the way to the scanner, what still waits on this device, the user's scans and,
 * for an exhibitor, its collaborators' scans.
 */
export function ScansTab({ session }: { session: Session }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = session.user.id;
  const waiting = useWaitingCount(userId);

  // Opening the tab sends what waits on this device; the lists then show it.
  useEffect(() => {
    if (!queueAvailable()) return;
    syncQueue(userId).then(
      (answered) => {
        if (answered > 0) void queryClient.invalidateQueries({ queryKey: scansKey });
      },
      // Still offline: the scans stay on the device and the line above says so.
      () => undefined,
    );
  }, [userId, queryClient]);

  return (
    <>
      <div className="area-actions">
        <Link className="btn btn-primary" to={paths.scanner}>
          {t('scanner.title')}
        </Link>
      </div>
      <WaitingLine count={waiting} />
      <ScansTable table="scansExposant" userId={userId} title={t('area.scans.mine')} />
      {session.type === 'exhibitor' && (
        <ScansTable table="scansByCollaborators" userId={userId} title={t('area.scans.byCollaborators')} />
      )}
    </>
  );
}

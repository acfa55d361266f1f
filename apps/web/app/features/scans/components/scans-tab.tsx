import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, PAGE_SIZE, type ScanFilters, type ScanTable } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { EmailText } from '../../../components/ui/email-text';
import { Pager } from '../../../components/ui/pager';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { paths } from '../../../config/paths';
import type { Session } from '../../../lib/session';
import { WaitingLine } from './waiting-line';
import { useWaitingCount } from '../hooks';
import { queueAvailable } from '../queue';
import { syncQueue } from '../sync';
import { scansKey, useExportScans, useLeadQuestions, useScanEditions, useScans, useUpdateLead } from '../api/scans';
import { LeadQuestionsEditor } from './lead-questions-editor';
import { LeadReport } from './lead-report';
import { FiltersForm, filtersFromParams } from './lead-filters';
import { ExportButtons } from './export-buttons';
import { FollowUpSelect } from './follow-up-select';
import { QualificationForm } from './qualification-form';
import type { ScanView } from '../types';

const PHONE_PAGE_SIZE = 10;
const PHONE = '(max-width: 900px)';
const onResize = (change: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};
/** Whether the screen is a phone's (the width at which the tables read as cards); false on the server. */
function usePhone() {
  return useSyncExternalStore(
    onResize,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}

/** The rating given at the stand, 1 to 5: five stars to read at a glance, and the figure. */
function Rating({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="scan-stars" aria-hidden="true">
        {'★'.repeat(value)}
        <span className="scan-stars-off">{'★'.repeat(5 - value)}</span>
      </span>{' '}
      {t('area.scans.ratingValue', { rating: value })}
    </>
  );
}

/**
 * What the scanner recorded at the stand, in a line of its own under the scan's row, across the
 * whole table: read at a glance on a laptop without scrolling the table sideways (two more
 * columns would not fit beside the specification's seven), and the end of the scan's card on a
 * phone. Its cell belongs to the person's name (headers).
 */
function ScanDetails({ scan, span, nameId }: { scan: ScanView; span: number; nameId: string }) {
  const { t } = useTranslation();
  return (
    <tr className="scan-details">
      <td colSpan={span} headers={nameId}>
        <div className="scan-details-line">
          {scan.rating !== null && (
            <p className="scan-details-rating">
              <strong>{t('area.scans.rating')}</strong> <Rating value={scan.rating} />
            </p>
          )}
          {scan.note && (
            <p className="scan-details-note">
              <strong>{t('area.scans.note')}</strong> {scan.note}
            </p>
          )}
          {scan.answers.length > 0 && (
            <div className="scan-details-answers">
              <strong>{t('area.leads.answers')}</strong>
              <ul>
                {scan.answers.map((a) => (
                  <li key={a.question}>
                    {a.label} : {a.kind === 'text' ? a.text : a.choices.join(', ')}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {scan.tags.length > 0 && (
            <p className="scan-details-tags">
              <strong>{t('area.leads.tags')}</strong> {scan.tags.join(', ')}
            </p>
          )}
          {scan.doNotContact && <p className="scan-do-not-contact">{t('area.leads.doNotContact')}</p>}
          {!scan.erased && <FollowUpSelect scan={scan} />}
        </div>
        {!scan.erased && <CompleteLead scan={scan} />}
      </td>
    </tr>
  );
}

/**
 * 'Compléter': the note, rating, answers and tags of a lead, changed after the scan (the
 * questions as they are now; an answer to a question deleted since stays as it was).
 */
function CompleteLead({ scan }: { scan: ScanView }) {
  const { t } = useTranslation();
  const questions = useLeadQuestions();
  const update = useUpdateLead();
  return (
    <details className="scan-complete" onToggle={() => update.reset()}>
      <summary>{t('area.leads.complete')}</summary>
      <QualificationForm
        questions={questions.data ?? []}
        lead={scan}
        saving={update.isPending}
        saved={update.isSuccess}
        error={update.error}
        onSave={(changes, previous) => update.mutateAsync({ id: scan.id, update: { ...changes, previous } })}
      />
    </details>
  );
}

/**
 * One table of scans, 50 a page, newest first, with its export and, under each scan, its note and
 * rating. On a phone each scan reads as a card (app.css). The first table is the page's own ('Mes
 * scans', named by the page's h1); the collaborators' one has a heading of its own.
 */
function ScansTable({
  table,
  userId,
  title,
  titleId,
  edition,
  filters,
}: {
  table: ScanTable;
  userId: number;
  /** The filters of 'Mes scans', from the page's address. */
  filters: ScanFilters;
  title: string;
  /** A past edition's year; null: the current one's scans. */
  edition: number | null;
  /** The heading that names the table; without it, the table gets one (an h2) of its own. */
  titleId?: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  // A lead is a tall card on a phone: ten a page there, not a 29,000-px page of fifty.
  const pageSize = usePhone() ? PHONE_PAGE_SIZE : PAGE_SIZE.scans;
  const list = useScans(table, userId, page, edition, filters, pageSize);
  // Another edition, or other filters, start at the first page.
  const filterKey = JSON.stringify(filters);
  useEffect(() => setPage(1), [edition, filterKey, pageSize]);
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
  const ownTitle = titleId === undefined;
  const labelledBy = titleId ?? `${table}-title`;

  let body;
  if (list.isPending) body = <p aria-busy="true">{t('common.loading')}</p>;
  else if (list.isError) body = <Alert tone="danger">{t(submitErrorKey(list.error) ?? 'errors.generic')}</Alert>;
  else {
    body = (
      // Wide content scrolls inside the card instead of widening the page.
      <div className="table-scroll">
        <table className="area-table scans-table" id={table} aria-labelledby={labelledBy}>
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
          {rows.length === 0 && (
            <tbody>
              <tr className="scans-empty">
                <td colSpan={span}>{t('area.scans.empty')}</td>
              </tr>
            </tbody>
          )}
          {/* A scan's rows together: the person, then what was noted of them. */}
          {rows.map((scan) => {
            const visitor = scan.typeScanned === 'visitor';
            const nameId = `${table}-${scan.id}-name`;
            // Every lead has its follow-up line (its select), erased ones aside.
            const noted = Boolean(scan.note) || scan.rating !== null || !scan.erased;
            return (
              <tbody key={scan.id} className={noted ? 'scan scan-noted' : 'scan'}>
                <tr>
                  <td data-label={labels.type}>
                    <span className={`scan-type ${visitor ? 'scan-type-visitor' : 'scan-type-exhibitor'}`}>
                      {t(visitor ? 'area.scans.visitor' : 'area.scans.exhibitor')}
                    </span>
                  </td>
                  <th scope="row" id={nameId} data-label={labels.name}>
                    {scan.erased ? t('area.scans.erased') : <bdi>{scan.person.name ?? scan.person.email ?? ''}</bdi>}
                  </th>
                  <td data-label={labels.email}>
                    <EmailText value={scan.person.email} />
                  </td>
                  <td data-label={labels.phone}>{scan.person.phone}</td>
                  <td data-label={labels.company}>{scan.person.company && <bdi>{scan.person.company}</bdi>}</td>
                  <td data-label={labels.jobPosition}>
                    {scan.person.jobPosition && <bdi>{scan.person.jobPosition}</bdi>}
                  </td>
                  <td data-label={labels.date}>{formatDateTime(scan.createdAt)}</td>
                  {byCollaborators && (
                    <td data-label={labels.by}>
                      <bdi>{scan.scanner.name}</bdi>
                    </td>
                  )}
                </tr>
                {noted && <ScanDetails scan={scan} span={span} nameId={nameId} />}
              </tbody>
            );
          })}
        </table>
      </div>
    );
  }

  return (
    // The first table is named by the page's h1: its section is no landmark of its own.
    <section className="scans-section" aria-labelledby={ownTitle ? labelledBy : undefined}>
      <div className={ownTitle ? 'scans-head' : 'scans-head scans-head-untitled'}>
        {ownTitle && <h2 id={labelledBy}>{title}</h2>}
        <ExportButtons exporter={exporter} table={table} edition={edition} filters={filters} describedBy={labelledBy} />
      </div>
      {exporter.isError && <Alert tone="danger">{t(submitErrorKey(exporter.error) ?? 'errors.generic')}</Alert>}
      {list.data && (
        <p className="scans-count" role="status">
          {t('area.scans.count', { count: list.data.meta.pagination.total })}
        </p>
      )}
      {body}
      <Pager page={page} pageCount={pageCount} onPage={setPage} label={t('area.scans.pagination', { title })} />
    </section>
  );
}

/**
 * The exhibitor's own leads and its collaborators' in one file each format (same columns, who
 * scanned in one of them), as the filters show them: one import into a CRM.
 */
function TeamExports({ edition, filters }: { edition: number | null; filters: ScanFilters }) {
  const { t } = useTranslation();
  const exporter = useExportScans();
  return (
    <section className="scans-team-exports" aria-labelledby="team-exports-title">
      <h2 id="team-exports-title">{t('area.leads.team.title')}</h2>
      <p className="hint">{t('area.leads.team.hint')}</p>
      <ExportButtons
        exporter={exporter}
        table="team"
        edition={edition}
        filters={filters}
        describedBy="team-exports-title"
      />
      {exporter.isError && <Alert tone="danger">{t(submitErrorKey(exporter.error) ?? 'errors.generic')}</Alert>}
    </section>
  );
}

/**
 * The edition whose scans the tables show, when the user has scans of more than one: a returning
 * exhibitor reads last edition's leads until retention removes them.
 */
function EditionSwitch({ value, onChange }: { value: number | null; onChange: (year: number | null) => void }) {
  const { t } = useTranslation();
  const editions = useScanEditions();
  if (!editions.data || editions.data.length < 2) return null;
  return (
    <div className="field scans-edition">
      <label htmlFor="scans-edition">{t('area.scans.edition')}</label>
      <select
        id="scans-edition"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        {editions.data.map((e) => (
          <option key={e.year} value={e.current ? '' : e.year}>
            {e.current ? t('area.scans.editionCurrent', { year: e.year }) : e.year}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * 'Mes scans': the way to the scanner, what still waits on this device, the user's scans and,
 * for an exhibitor, its collaborators' scans. `titleId` is the heading that names the tab, which
 * also names the first table.
 */
export function ScansTab({ session, titleId }: { session: Session; titleId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = session.user.id;
  const waiting = useWaitingCount(userId);
  const [edition, setEdition] = useState<number | null>(null);
  const [params] = useSearchParams();
  const filters = filtersFromParams(params);

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
      <EditionSwitch value={edition} onChange={setEdition} />
      {session.type === 'exhibitor' && <LeadQuestionsEditor />}
      {/* 'Bilan': the exhibitor's management view of its leads (its collaborators have none). */}
      {session.type === 'exhibitor' && <LeadReport edition={edition} userId={userId} />}
      <FiltersForm session={session} />
      {session.type === 'exhibitor' && <TeamExports edition={edition} filters={filters} />}
      {/* The specification's first table is 'Mes scans', as the page: the page's h1 names it. */}
      <ScansTable
        table="scansExposant"
        userId={userId}
        title={t('area.scans.mine')}
        titleId={titleId}
        edition={edition}
        filters={filters}
      />
      {session.type === 'exhibitor' && (
        <ScansTable
          table="scansByCollaborators"
          userId={userId}
          title={t('area.scans.byCollaborators')}
          edition={edition}
          filters={filters}
        />
      )}
    </>
  );
}

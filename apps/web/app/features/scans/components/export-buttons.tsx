import { useTranslation } from 'react-i18next';
import { asLanguage, type ScanExport, type ScanFilters } from '@salon/shared';
import type { useExportScans } from '../api/scans';

/**
 * 'Exporter' (the specification's SCANS.xlsx), then the CRM's CSV and the vCards: the leads of
 * `table` (a table of 'Mes scans', or the whole team's) of the edition shown, as the filters show
 * them. Each button is described by the heading of what it exports; the caller keeps the exporter,
 * and says where its failure shows.
 */
export function ExportButtons({
  exporter,
  table,
  edition,
  filters,
  describedBy,
}: {
  exporter: ReturnType<typeof useExportScans>;
  table: ScanExport;
  edition: number | null;
  filters: ScanFilters;
  /** The id of the heading that names what is exported. */
  describedBy: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="scans-exports">
      {(['xlsx', 'csv', 'vcf'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="btn btn-outline"
          aria-describedby={describedBy}
          disabled={exporter.isPending}
          onClick={() => exporter.mutate({ table, lang: asLanguage(i18n.language), edition, format, filters })}
        >
          {t(format === 'xlsx' ? 'area.scans.export' : `area.leads.export.${format}`)}
        </button>
      ))}
    </div>
  );
}

import { formatDateTime, type Answer, type retentionSettingsRecordSchema } from '@salon/shared';

/** The one record of `admin/retention` (id 1). */
export type RetentionSettings = Answer<typeof retentionSettingsRecordSchema>;

/** A calendar day ('2026-06-01') as dd/MM/yyyy, an instant as dd/MM/yyyy HH:mm. */
export function frenchDate(value: string | null | undefined): string {
  if (!value) return '—';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? `${day[3]}/${day[2]}/${day[1]}` : formatDateTime(value);
}

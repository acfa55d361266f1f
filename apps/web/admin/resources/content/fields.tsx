import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { FormHelperText, IconButton } from '@mui/material';
import type { MouseEvent } from 'react';
import {
  ValidationError,
  maxLength,
  maxValue,
  minValue,
  number,
  useDataProvider,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { MediaInput, type AdminMedia } from '../../components/media-input';
import { useAdminCall } from '../../components/use-admin-call';
import { adminFetch } from '../../http';

/** The rules of the admin API's content forms (apps/api/src/domains/back-office/content-forms.ts), in the browser. */
export const LINK = /^(https?:\/\/[^\s/]+[^\s]*|\/[^\s/][^\s]*|\/)$/i;
export const WEBSITE = /^https?:\/\/[^\s/]+[^\s]*$/i;
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Like react-admin's `regex`, whose type does not resolve here: an empty field is left to `required`. */
export const matches = (pattern: RegExp, message: string) => (value: unknown) =>
  typeof value === 'string' && value !== '' && !pattern.test(value) ? message : undefined;
export const linkRules = [maxLength(500), matches(LINK, 'admin.content.errors.link')];
export const positionRules = [number(), minValue(0), maxValue(100_000)];

/** A stored file of a record, or none. */
export type Media = AdminMedia | null;

/** A stored file's preview in a list. */
export function thumbnail(file: AdminMedia | null | undefined) {
  return file ? (
    <img src={file.url} alt="" style={{ maxHeight: 48, maxWidth: 120, objectFit: 'contain', display: 'block' }} />
  ) : (
    '—'
  );
}

/** 'YYYY-MM-DD' as the show prints it: dd/MM/yyyy. */
export const dayText = (day: string | null | undefined) => (day ? day.split('-').reverse().join('/') : '');

/**
 * A file the record cannot do without (a banner's desktop image, a photo): the form's own
 * `validate` says so, and the message shows under the file.
 */
export function RequiredMediaInput({ source, label }: { source: string; label: string }) {
  const { errors } = useFormState({ name: source });
  const error = errors[source]?.message;
  return (
    <>
      <MediaInput source={source} label={label} />
      {error ? (
        <FormHelperText error sx={{ mt: -1.5, mb: 2 }}>
          <ValidationError error={error as string} />
        </FormHelperText>
      ) : null}
    </>
  );
}

/** A form-level rule: these files must be there. */
export const requireFiles =
  (...sources: string[]) =>
  (values: Record<string, unknown>) =>
    Object.fromEntries(sources.filter((s) => values[s] == null).map((s) => [s, 'ra.validation.required']));

/**
 * Up and down buttons of a partner's row: the partner swaps places with its neighbour in the
 * whole list by position (whatever the page shows), through `POST admin/<resource>/reorder`.
 */
export function MoveButtons() {
  const record = useRecordContext<{ id: number }>();
  const resource = useResourceContext();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const translate = useTranslate();
  const { busy, call } = useAdminCall();

  async function move(step: -1 | 1) {
    if (!record || !resource) return;
    await call(async () => {
      const { data } = await dataProvider.getList<{ id: number }>(resource, {
        pagination: { page: 1, perPage: 500 },
        sort: { field: 'position', order: 'ASC' },
        filter: {},
      });
      const ids = data.map((r) => r.id);
      const from = ids.indexOf(record.id);
      const to = from + step;
      if (from < 0 || to < 0 || to >= ids.length) return;
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      await adminFetch(`${resource}/reorder`, { method: 'POST', body: { ids } });
      refresh();
    });
  }
  // The row opens the edit form on click: the buttons keep their clicks.
  const onClick = (step: -1 | 1) => (event: MouseEvent) => {
    event.stopPropagation();
    void move(step);
  };
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <IconButton size="small" disabled={busy} onClick={onClick(-1)} aria-label={translate('admin.content.moveUp')}>
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" disabled={busy} onClick={onClick(1)} aria-label={translate('admin.content.moveDown')}>
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
    </span>
  );
}

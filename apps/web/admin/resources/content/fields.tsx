import { zodResolver } from '@hookform/resolvers/zod';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { FormHelperText, IconButton } from '@mui/material';
import type { MouseEvent } from 'react';
import {
  ValidationError,
  useDataProvider,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useFormState, type FieldValues, type Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { contentFormKey, postPartnersReorder, postPressPartnersReorder } from '@salon/shared';
import { MediaInput, type AdminMedia } from '../../components/media-input';
import { useAdminCall } from '../../components/use-admin-call';
import { adminCall } from '../../http';

/**
 * A content form's resolver from its shared schema (packages/shared content-forms.ts, which the
 * API reads too): the values are sent as the fields hold them, and a message with a value
 * (`contentForm.maxChars:300`) is given to react-admin's ValidationError with it, to translate.
 */
export function contentResolver(schema: z.ZodMiniType<unknown, FieldValues>): Resolver<FieldValues> {
  const resolve = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    withValues(result.errors);
    return result;
  };
}

/** The messages of a form's errors (nested by field) that carry a value, in react-admin's form with its arguments. */
function withValues(errors: object): void {
  for (const [key, error] of Object.entries(errors) as [string, unknown][]) {
    if (key === 'ref' || !error || typeof error !== 'object') continue;
    const e = error as { message?: unknown };
    const read = typeof e.message === 'string' ? contentFormKey(e.message) : null;
    if (read?.value !== undefined) {
      e.message = `@@react-admin@@${JSON.stringify({ message: read.key, args: { value: read.value } })}`;
    }
    withValues(error);
  }
}

/** The conference form's own rules in the browser (its schema moves to a resolver with its multilingual fields). */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Like react-admin's `regex`, whose type does not resolve here: an empty field is left to `required`. */
export const matches = (pattern: RegExp, message: string) => (value: unknown) =>
  typeof value === 'string' && value !== '' && !pattern.test(value) ? message : undefined;

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
 * A file the record cannot do without (a banner's desktop image, a photo): the form's schema
 * says so, and the message shows under the file.
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

/**
 * Up and down buttons of a partner's row: the partner swaps places with its neighbour in the
 * whole list by position (whatever the page shows), through `POST admin/<resource>/reorder`.
 */
/** The lists an organiser puts in order, by their resource's name. */
const REORDER = { partenaires: postPartnersReorder, 'partenaires-presses': postPressPartnersReorder };

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
      await adminCall(REORDER[resource as keyof typeof REORDER], { body: { ids } });
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

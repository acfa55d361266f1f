import { Box, Button, FormHelperText, InputLabel, Link, Stack } from '@mui/material';
import { useId, useState } from 'react';
import { useInput, useRecordContext, useTranslate } from 'react-admin';
import type { adminMediaSchema, Answer } from '@salon/shared';
import { adminUpload } from '../http';
import { useAdminCall } from './use-admin-call';

/** A stored file as the admin API answers it (`POST admin/media`, and `<field>` beside `<field>Id`). */
export type AdminMedia = Answer<typeof adminMediaSchema>;

interface MediaInputProps {
  /** The id field, e.g. `logoId`; the record shows the current file under the same name without `Id` (`logo`). */
  source: string;
  label: string;
  kind?: 'image' | 'pdf';
}

/**
 * Uploads a file as soon as it is chosen (the server checks its content, resizes images and
 * answers the stored file), then keeps its id in the form; the record is saved with the form.
 */
export function MediaInput({ source, label, kind = 'image' }: MediaInputProps) {
  const translate = useTranslate();
  const record = useRecordContext();
  const { field } = useInput({ source });
  const [uploaded, setUploaded] = useState<AdminMedia | null>(null);
  const { busy, call } = useAdminCall();
  const inputId = useId();
  const fromRecord = record?.[source.replace(/Id$/, '')] as AdminMedia | null | undefined;
  // A new record's form starts the field empty ('').
  const value = typeof field.value === 'number' ? field.value : null;
  const current =
    value == null ? null : uploaded?.id === value ? uploaded : fromRecord?.id === value ? fromRecord : null;

  async function onFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    await call(
      async () => {
        const media = await adminUpload(file);
        setUploaded(media);
        field.onChange(media.id);
      },
      () => {
        input.value = '';
      },
    );
  }

  return (
    <Box sx={{ mb: 2 }}>
      <InputLabel htmlFor={inputId} shrink sx={{ position: 'static', transform: 'none', mb: 0.5 }}>
        {translate(label, { _: label })}
      </InputLabel>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {current ? (
          kind === 'image' ? (
            <img
              src={current.url}
              alt=""
              style={{ maxWidth: 160, maxHeight: 90, objectFit: 'contain', background: '#f4f4f4' }}
            />
          ) : (
            <Link href={current.url} target="_blank" rel="noreferrer">
              {current.name ?? current.url}
            </Link>
          )
        ) : (
          <span>{value === null ? translate('admin.media.none') : `#${value}`}</span>
        )}
        <Button variant="outlined" component="label" size="small" disabled={busy}>
          {translate(busy ? 'admin.media.uploading' : current ? 'admin.media.replace' : 'admin.media.choose')}
          <input
            id={inputId}
            type="file"
            hidden
            accept={kind === 'image' ? 'image/png,image/jpeg,image/webp' : 'application/pdf'}
            onChange={(e) => void onFile(e.currentTarget)}
          />
        </Button>
        {value !== null && (
          <Button size="small" onClick={() => field.onChange(null)} disabled={busy}>
            {translate('admin.media.remove')}
          </Button>
        )}
      </Stack>
      <FormHelperText>{translate(kind === 'image' ? 'admin.media.imageHint' : 'admin.media.pdfHint')}</FormHelperText>
    </Box>
  );
}

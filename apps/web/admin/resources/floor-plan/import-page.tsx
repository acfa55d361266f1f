import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  asLanguage,
  postStandsImport,
  standLineMessage,
  STAND_CSV_MAX_CHARS,
  type Answer,
  type standImportPreviewSchema,
} from '@salon/shared';
import { useState } from 'react';
import { Title, useLocale, useNotify, useTranslate } from 'react-admin';
import { adminErrorMessage } from '../../components/use-admin-call';
import { adminCall } from '../../http';
import { EditionPicker } from '../../components/editions';

type Preview = Answer<typeof standImportPreviewSchema>;

/**
 * Lays out halls from a CSV file (hall, stand, x, y, width, height): the file is read in the
 * browser and sent for a preview (each hall before and after, the errors line by line, the
 * exhibitors it would leave off the plan); 'Importer' sends it again to be written, whole or not
 * at all. The server checks everything again.
 */
export function StandImportPage() {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  // The edition whose layout the file is: the current one (empty), or the next one prepared before it is current.
  const [edition, setEdition] = useState<number | ''>('');

  async function send(text: string, commit: boolean, to = edition) {
    setBusy(true);
    try {
      const result = await adminCall(postStandsImport, {
        body: { csv: text, commit, ...(to === '' ? {} : { edition: to }) },
      });
      setPreview(result);
      if (result.imported)
        notify('admin.floorPlan.imported', { type: 'success', messageArgs: { count: result.stands } });
    } catch (error) {
      const body = (error as { body?: { error?: { details?: { preview?: Preview } } } }).body;
      if (body?.error?.details?.preview) setPreview(body.error.details.preview);
      notify(adminErrorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function choose(file: File | undefined) {
    setPreview(null);
    if (!file) return setCsv(null);
    if (file.size > STAND_CSV_MAX_CHARS * 4) return notify('admin.floorPlan.tooBig', { type: 'error' });
    const text = await file.text();
    setCsv({ name: file.name, text });
    await send(text, false);
  }

  const lang = asLanguage(locale);
  return (
    <Card>
      <Title title="admin.floorPlan.importTitle" />
      <CardContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('admin.floorPlan.importIntro')}
        </Typography>
        <Box>
          <EditionPicker
            label="admin.floorPlan.edition"
            value={edition}
            onChange={(id) => {
              setEdition(id);
              setPreview(null);
              // The file chosen is previewed again against the edition's halls.
              if (csv) void send(csv.text, false, id);
            }}
          />
        </Box>
        <Button variant="outlined" component="label" disabled={busy}>
          {translate('admin.floorPlan.chooseFile')}
          <input
            hidden
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </Button>
        {csv && (
          <Typography component="span" sx={{ ml: 2 }}>
            {csv.name}
          </Typography>
        )}
        {preview && (
          <Box sx={{ mt: 3 }}>
            {preview.errors.length > 0 ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                <Typography fontWeight={600}>
                  {translate('admin.floorPlan.errors', { smart_count: preview.errors.length })}
                </Typography>
                <ul>
                  {preview.errors.map((e, i) => (
                    <li key={i}>{standLineMessage(e, lang)}</li>
                  ))}
                </ul>
              </Alert>
            ) : (
              <Alert severity={preview.imported ? 'success' : 'info'} sx={{ mb: 2 }}>
                {translate(preview.imported ? 'admin.floorPlan.imported' : 'admin.floorPlan.ready', {
                  count: preview.stands,
                })}
                {preview.features > 0 &&
                  ` ${translate('admin.floorPlan.featuresReady', { smart_count: preview.features })}`}
              </Alert>
            )}
            <Table size="small" aria-label={translate('admin.floorPlan.hallsTable')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.gates.name', { smart_count: 1 })}</TableCell>
                  <TableCell align="right">{translate('admin.floorPlan.before')}</TableCell>
                  <TableCell align="right">{translate('admin.floorPlan.after')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.halls.map((h) => (
                  <TableRow key={h.id} selected={h.replaced}>
                    <TableCell>{h.name}</TableCell>
                    <TableCell align="right">{h.before}</TableCell>
                    <TableCell align="right">{h.replaced ? h.after : '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {preview.unplaced.length > 0 && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {translate('admin.floorPlan.unplaced')}{' '}
                {preview.unplaced.map((u) => `${u.booth} (${u.company})`).join(', ')}
              </Alert>
            )}
            {!preview.imported && preview.errors.length === 0 && csv && (
              <Button sx={{ mt: 2 }} variant="contained" disabled={busy} onClick={() => void send(csv.text, true)}>
                {translate('admin.floorPlan.import')}
              </Button>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

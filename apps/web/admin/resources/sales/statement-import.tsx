import UploadFileIcon from '@mui/icons-material/UploadFile';
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
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { moneyText, postStatementImport, type Answer, type statementMatchSchema } from '@salon/shared';
import { useAdminCall } from '../../components/use-admin-call';
import { adminCall } from '../../http';

type Match = Answer<typeof statementMatchSchema>;

/**
 * 'Relevé bancaire': the bank's CSV export pasted or chosen, each credit line matched by the
 * booking's reference it names; what matched is recorded on 'Enregistrer les paiements', what
 * did not stays listed for the organiser to record by hand.
 */
export function StatementImportPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { busy, call } = useAdminCall();
  const [csv, setCsv] = useState('');
  const [match, setMatch] = useState<Match | null>(null);
  const inputId = useId();
  const send = (commit: boolean) =>
    call(async () => {
      const answer = await adminCall(postStatementImport, { body: { csv, commit } });
      setMatch(answer);
      if (commit)
        notify('admin.sales.statementRecorded', { type: 'success', messageArgs: { smart_count: answer.recorded } });
    });
  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setCsv(await file.text());
    setMatch(null);
    input.value = '';
  };
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="admin.sales.statementTitle" />
      <CardContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('admin.sales.statementIntro')}
        </Typography>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,text/plain"
          hidden
          onChange={(e) => void onFile(e.currentTarget)}
        />
        <Button component="label" htmlFor={inputId} startIcon={<UploadFileIcon />}>
          {translate('admin.sales.statementFile')}
        </Button>
        <TextField
          label={translate('admin.sales.statementText')}
          value={csv}
          onChange={(e) => {
            setCsv(e.target.value);
            setMatch(null);
          }}
          multiline
          minRows={4}
          maxRows={12}
          fullWidth
          sx={{ my: 2 }}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" disabled={busy || !csv.trim()} onClick={() => void send(false)}>
            {translate('admin.sales.statementPreview')}
          </Button>
          <Button variant="contained" disabled={busy || !match?.matched} onClick={() => void send(true)}>
            {translate('admin.sales.statementCommit', { smart_count: match?.matched ?? 0 })}
          </Button>
        </Box>
        {match && (
          <>
            <Alert severity={match.unmatched ? 'warning' : 'info'} sx={{ my: 2 }}>
              {translate('admin.sales.statementSummary', {
                matched: match.matched,
                amount: moneyText(match.amountMatched, 'fr'),
                unmatched: match.unmatched,
                duplicates: match.duplicates,
              })}
            </Alert>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('admin.sales.statementLine')}</TableCell>
                    <TableCell>{translate('admin.sales.receivedOn')}</TableCell>
                    <TableCell>{translate('admin.sales.paymentLabel')}</TableCell>
                    <TableCell align="right">{translate('admin.sales.amount')}</TableCell>
                    <TableCell>{translate('admin.sales.statementOutcome')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {match.lines.map((l) => (
                    <TableRow key={l.line}>
                      <TableCell>{l.line}</TableCell>
                      <TableCell>{l.date ?? '—'}</TableCell>
                      <TableCell>{l.label}</TableCell>
                      <TableCell align="right">{l.amount === null ? '—' : moneyText(l.amount, 'fr')}</TableCell>
                      <TableCell>
                        {translate(`admin.sales.outcome.${l.outcome}`, { reference: l.reference ?? '' })}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}

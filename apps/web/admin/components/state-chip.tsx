import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/**
 * A record's state as a coloured chip: the value of `source`, coloured by `colours` and named by
 * the message `<messages>.<value>`. `label` is read by react-admin's lists for the column title.
 */
export function StateChip({
  source,
  colours,
  messages,
}: {
  source: string;
  colours: Record<string, ChipProps['color']>;
  messages: string;
  label?: string;
}) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source] as string | undefined;
  if (!value) return null;
  return <Chip size="small" color={colours[value] ?? 'default'} label={translate(`${messages}.${value}`)} />;
}

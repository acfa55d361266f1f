import { Alert, Box, FormHelperText, Typography } from '@mui/material';
import { TimeInput, useRecordContext, useTranslate, ValidationError } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import type { AdminEdition } from '@salon/shared';
import { dayText } from './content/fields';

/** A time field's value as it is: 'HH:MM' (react-admin's default makes a Date of it). */
const asTyped = (value: string | null | undefined) => value ?? '';

/**
 * 'Horaires d'ouverture' of the edition's form: each show day, read-only, with its opening and
 * closing times. Hours follow the dates: an edition without dates has none, and when the dates
 * change the days are laid out again on saving (the hours typed here are then left aside), so the
 * section says so instead of listing the old days.
 */
export function EditionHours() {
  const translate = useTranslate();
  const record = useRecordContext<AdminEdition>();
  const [startsOn, endsOn] = useWatch({ name: ['startsOn', 'endsOn'] }) as [string | null, string | null];
  const { errors } = useFormState({ name: 'hours' });
  const hours = record?.hours ?? [];
  const datesChanged = !!record && ((startsOn || null) !== record.startsOn || (endsOn || null) !== record.endsOn);
  const error = errors.hours as { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  const hint = datesChanged ? 'admin.editions.hoursFollowDates' : hours.length ? null : 'admin.editions.noHours';
  return (
    <Box component="section" aria-labelledby="edition-hours" sx={{ width: '100%', mt: 2, mb: 1 }}>
      <Typography id="edition-hours" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('admin.editions.hours')}
      </Typography>
      {hint ? (
        <Alert severity="info">{translate(hint)}</Alert>
      ) : (
        hours.map((h, i) => (
          <Box
            key={h.day}
            role="group"
            aria-label={dayText(h.day)}
            sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography sx={{ minWidth: '7rem' }}>{dayText(h.day)}</Typography>
            <TimeInput
              source={`hours.${i}.opens`}
              label="admin.editions.opens"
              format={asTyped}
              parse={asTyped}
              helperText={false}
              fullWidth={false}
              sx={{ width: '11rem' }}
            />
            <TimeInput
              source={`hours.${i}.closes`}
              label="admin.editions.closes"
              format={asTyped}
              parse={asTyped}
              helperText={false}
              fullWidth={false}
              sx={{ width: '11rem' }}
            />
          </Box>
        ))
      )}
      {message ? (
        <FormHelperText error>
          <ValidationError error={message} />
        </FormHelperText>
      ) : null}
    </Box>
  );
}

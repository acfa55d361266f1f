import { MenuItem, TextField } from '@mui/material';
import {
  CreateButton,
  ExportButton,
  FilterButton,
  ReferenceInput,
  SelectInput,
  TopToolbar,
  useGetList,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { ReactNode } from 'react';
import type { Answer, adminEditionSchema } from '@salon/shared';

type EditionRecord = Answer<typeof adminEditionSchema>;

/**
 * What is kept edition by edition in the back-office (halls, stands, the programme, the gates'
 * entries): the lists open on the current edition and show another by their 'Édition' filter, a
 * new record goes to the edition the list shows, and the pages of their own (the plan's drawing,
 * the layout file) pick theirs with EditionPicker.
 */

/** An edition as the pickers name it: '2024 — 6e édition du Salon'. */
export const editionLabel = (e: { year: number; name: string }) => `${e.year} — ${e.name}`;

/**
 * The edition a list shows (`edition`, its id), newest first. Empty means what `emptyText` says:
 * every visitor, or the current edition's exhibitors. The lists open on the current edition
 * (useEditionDefaults).
 */
export const editionFilter = (emptyText: string) => (
  <ReferenceInput
    key="edition"
    source="edition"
    reference="editions"
    sort={{ field: 'year', order: 'DESC' }}
    perPage={100}
    alwaysOn
  >
    <SelectInput optionText={editionLabel} emptyText={emptyText} />
  </ReferenceInput>
);

/** A list's first filter values: the current edition, once the editions are read (null until then). */
export function useEditionDefaults(): { edition: number } | null {
  const { data } = useGetList<EditionRecord>('editions', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'year', order: 'DESC' },
  });
  const current = data?.find((e) => e.current);
  return current ? { edition: current.id } : null;
}

/** The list's actions, 'Créer' making the record in the edition the list shows. */
export function EditionListActions({ children }: { children?: ReactNode }) {
  const edition = (useListContext().filterValues as { edition?: number }).edition;
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton state={{ record: edition ? { edition } : {} }} />
      {children}
      <ExportButton />
    </TopToolbar>
  );
}

/** The form's edition: chosen when the record is made (the list's by default), kept after. */
export function EditionInput() {
  const record = useRecordContext<{ id?: number }>();
  return (
    <ReferenceInput source="edition" reference="editions" sort={{ field: 'year', order: 'DESC' }} perPage={100}>
      <SelectInput
        optionText={editionLabel}
        emptyText="admin.editions.currentEdition"
        parse={(value: unknown) => (value === '' ? null : value)}
        disabled={record?.id !== undefined}
        helperText="admin.editions.editionHint"
      />
    </ReferenceInput>
  );
}

/** Which edition a page works on: the current one (empty), or another picked here. */
export function EditionPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | '';
  onChange: (id: number | '') => void;
}) {
  const translate = useTranslate();
  const { data: editions = [] } = useGetList<EditionRecord>('editions', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'year', order: 'DESC' },
  });
  return (
    <TextField
      select
      size="small"
      label={translate(label)}
      value={value}
      onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
      // The current edition is the empty value: shown by its name, not left blank under the label.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 260, mb: 2 }}
    >
      <MenuItem value="">{translate('admin.editions.currentEdition')}</MenuItem>
      {editions
        .filter((e) => !e.current)
        .map((e) => (
          <MenuItem key={e.id} value={e.id}>
            {editionLabel(e)}
          </MenuItem>
        ))}
    </TextField>
  );
}

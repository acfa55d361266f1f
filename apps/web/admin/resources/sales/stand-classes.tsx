import { DataTable, FunctionField, List, NumberInput, SimpleForm, TextInput, required } from 'react-admin';
import { moneyText, standClassSchema } from '@salon/shared';
import { editionFilter, EditionInput, EditionListActions, useEditionDefaults } from '../../components/editions';
import { formResolver } from '../../../app/lib/form-resolver';

const resolver = formResolver(standClassSchema);

/** Dirhams in the form, centimes in the record: the server computes with whole centimes. */
export const centimesInput = {
  format: (centimes: unknown) => (typeof centimes === 'number' ? centimes / 100 : centimes),
  parse: (dirhams: unknown) =>
    typeof dirhams === 'number' ? Math.round(dirhams * 100) : dirhams === '' || dirhams === null ? null : dirhams,
};

/** What an edition's stands are sold as, priced per m² excluding tax, with how many stands each one has. */
export function StandClassList() {
  const defaults = useEditionDefaults();
  if (!defaults) return null;
  return (
    <List
      sort={{ field: 'position', order: 'ASC' }}
      filters={[editionFilter('admin.editions.currentEdition')]}
      filterDefaultValues={defaults}
      actions={<EditionListActions />}
    >
      <DataTable>
        <DataTable.Col source="name.fr" />
        <DataTable.Col source="pricePerM2">
          <FunctionField<{ pricePerM2: number }> render={(r) => moneyText(r.pricePerM2, 'fr')} />
        </DataTable.Col>
        <DataTable.NumberCol source="stands" disableSort />
      </DataTable>
    </List>
  );
}

export function StandClassForm() {
  return (
    <SimpleForm resolver={resolver}>
      <EditionInput />
      <TextInput source="name.fr" validate={required()} />
      <TextInput source="name.en" validate={required()} />
      <NumberInput
        source="pricePerM2"
        step={0.01}
        min={0}
        validate={required()}
        helperText="admin.sales.priceHint"
        {...centimesInput}
      />
      <NumberInput source="position" helperText="admin.content.positionHint" />
    </SimpleForm>
  );
}

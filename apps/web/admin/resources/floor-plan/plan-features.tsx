import { FEATURE_KINDS, FEATURE_NAMES, featureSchema, type FeatureKind } from '@salon/shared';
import {
  DataTable,
  List,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useLocale,
  useRecordContext,
} from 'react-admin';
import { hallFilter, searchFilter } from '../../components/filters';
import { editionFilter, EditionListActions, useEditionDefaults } from '../../components/editions';
import { formResolver } from '../../../app/lib/form-resolver';

const kindNames = (locale: string) => FEATURE_NAMES[locale === 'en' ? 'en' : 'fr'];

/**
 * The plan's features (entrances, aisles, services, the forum's room) of an edition, hall by
 * hall, as a list to find and edit one by number; 'Dessiner le plan' places them by hand.
 */
export function PlanFeatureList() {
  const defaults = useEditionDefaults();
  const names = kindNames(useLocale());
  if (!defaults) return null;
  return (
    <List
      sort={{ field: 'gateId', order: 'ASC' }}
      filters={[searchFilter, editionFilter('admin.editions.currentEdition'), hallFilter]}
      filterDefaultValues={defaults}
      actions={<EditionListActions />}
      perPage={50}
    >
      <DataTable>
        <DataTable.Col source="hall" disableSort />
        <DataTable.Col source="kind" render={(r: { kind: FeatureKind }) => names[r.kind]} />
        <DataTable.Col source="label" disableSort />
        <DataTable.NumberCol source="x" />
        <DataTable.NumberCol source="y" />
        <DataTable.NumberCol source="width" disableSort />
        <DataTable.NumberCol source="height" disableSort />
      </DataTable>
    </List>
  );
}

const featureResolver = formResolver(featureSchema);

/** A feature: its hall, kind, optional label and rectangle in the hall's units (checked again by the server). */
export function PlanFeatureForm() {
  const edition = useRecordContext<{ edition?: number }>()?.edition;
  const names = kindNames(useLocale());
  return (
    <SimpleForm resolver={featureResolver}>
      <ReferenceInput
        source="gateId"
        reference="gates"
        sort={{ field: 'position', order: 'ASC' }}
        filter={edition ? { edition } : {}}
      >
        <SelectInput optionText="name" />
      </ReferenceInput>
      <SelectInput source="kind" choices={FEATURE_KINDS.map((id) => ({ id, name: names[id] }))} />
      <TextInput source="label" helperText="admin.floorPlan.featureLabelHint" />
      <NumberInput source="x" step={1} helperText="admin.floorPlan.unitsHint" />
      <NumberInput source="y" step={1} />
      <NumberInput source="width" step={1} />
      <NumberInput source="height" step={1} />
    </SimpleForm>
  );
}

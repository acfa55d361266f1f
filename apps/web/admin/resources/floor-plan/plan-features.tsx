import { asLanguage, pick, FEATURE_KINDS, FEATURE_NAMES, featureSchema, type FeatureKind } from '@salon/shared';
import { DataTable, SelectInput, SimpleForm, TextInput, useLocale } from 'react-admin';
import { EditionListActions } from '../../components/editions';
import { formResolver } from '../../../app/lib/form-resolver';
import { BoxInputs, HallInput, PlanList } from './placement-inputs';

const kindNames = (locale: string) => pick(asLanguage(locale), FEATURE_NAMES);

/**
 * The plan's features (entrances, aisles, services, the forum's room) of an edition, hall by
 * hall, as a list to find and edit one; 'Dessiner le plan' places them by hand.
 */
export function PlanFeatureList() {
  const names = kindNames(useLocale());
  return (
    <PlanList actions={<EditionListActions />}>
      <DataTable>
        <DataTable.Col source="hall" disableSort />
        <DataTable.Col source="kind" render={(r: { kind: FeatureKind }) => names[r.kind]} />
        <DataTable.Col source="label" disableSort />
        <DataTable.NumberCol source="x" />
        <DataTable.NumberCol source="y" />
        <DataTable.NumberCol source="width" disableSort />
        <DataTable.NumberCol source="height" disableSort />
      </DataTable>
    </PlanList>
  );
}

const featureResolver = formResolver(featureSchema);

/** A feature: its hall, kind, optional label and rectangle (checked again by the server). */
export function PlanFeatureForm() {
  const names = kindNames(useLocale());
  return (
    <SimpleForm resolver={featureResolver}>
      <HallInput />
      <SelectInput source="kind" choices={FEATURE_KINDS.map((id) => ({ id, name: names[id] }))} />
      <TextInput source="label" helperText="admin.floorPlan.featureLabelHint" />
      <BoxInputs />
    </SimpleForm>
  );
}

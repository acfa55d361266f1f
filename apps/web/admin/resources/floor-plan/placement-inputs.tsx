import type { ReactElement, ReactNode } from 'react';
import { List, NumberInput, ReferenceInput, SelectInput, useRecordContext } from 'react-admin';
import { hallFilter, searchFilter } from '../../components/filters';
import { editionFilter, useEditionDefaults } from '../../components/editions';

/** A list of what lies on an edition's plan (the current one until another is picked), hall by hall. */
export function PlanList({ actions, children }: { actions: ReactElement; children: ReactNode }) {
  const defaults = useEditionDefaults();
  if (!defaults) return null;
  return (
    <List
      sort={{ field: 'gateId', order: 'ASC' }}
      filters={[searchFilter, editionFilter('admin.editions.currentEdition'), hallFilter]}
      filterDefaultValues={defaults}
      actions={actions}
      perPage={50}
    >
      {children}
    </List>
  );
}

/** The hall a stand or a feature lies in: one of its edition's (the list's when it is made). */
export function HallInput() {
  const edition = useRecordContext<{ edition?: number }>()?.edition;
  return (
    <ReferenceInput
      source="gateId"
      reference="gates"
      sort={{ field: 'position', order: 'ASC' }}
      filter={edition ? { edition } : {}}
    >
      <SelectInput optionText="name" />
    </ReferenceInput>
  );
}

/** Its rectangle in the hall's units, from the hall's top left corner. */
export function BoxInputs() {
  return (
    <>
      <NumberInput source="x" step={1} helperText="admin.floorPlan.unitsHint" />
      <NumberInput source="y" step={1} />
      <NumberInput source="width" step={1} />
      <NumberInput source="height" step={1} />
    </>
  );
}

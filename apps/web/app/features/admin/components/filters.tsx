import { ReferenceInput, SearchInput, SelectInput } from 'react-admin';

/** The search box every list has first, always shown; the API reads it as `q`. */
export const searchFilter = <SearchInput key="q" source="q" alwaysOn />;

/** A hall to pick, in the order of the halls' list (`gateId`). */
export const hallFilter = (
  <ReferenceInput key="gateId" source="gateId" reference="gates" sort={{ field: 'position', order: 'ASC' }}>
    <SelectInput optionText="name" />
  </ReferenceInput>
);

/** The choices of a select: each id named by the message `<messages>.<id>`. */
export const choicesOf = <Id extends string>(ids: readonly Id[], messages: string) =>
  ids.map((id) => ({ id, name: `${messages}.${id}` }));

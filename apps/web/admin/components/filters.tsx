import { ReferenceInput, SearchInput, SelectInput, useListContext } from 'react-admin';

/** The search box every list has first, always shown; the API reads it as `q`. */
export const searchFilter = <SearchInput key="q" source="q" alwaysOn />;

/** A hall to pick (`gateId`), in the order of the halls' list: the halls of the edition the list shows. */
function HallFilterInput({ source }: { source: string }) {
  const edition = (useListContext().filterValues as { edition?: number }).edition;
  return (
    <ReferenceInput
      source={source}
      reference="gates"
      sort={{ field: 'position', order: 'ASC' }}
      filter={edition ? { edition } : {}}
    >
      <SelectInput optionText="name" />
    </ReferenceInput>
  );
}
export const hallFilter = <HallFilterInput key="gateId" source="gateId" />;

/** The choices of a select: each id named by the message `<messages>.<id>`. */
export const choicesOf = <Id extends string>(ids: readonly Id[], messages: string) =>
  ids.map((id) => ({ id, name: `${messages}.${id}` }));

import { ReferenceInput, SearchInput, SelectInput, useGetList, useListContext } from 'react-admin';

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

/** An edition as the pickers name it: '2024 — 6e édition du Salon'. */
export const editionLabel = (e: { year: number; name: string }) => `${e.year} — ${e.name}`;

/**
 * The edition a list shows (`edition`, its id), newest first. Empty means what `emptyText` says:
 * every visitor, or the current edition's exhibitors. The lists open on the current edition
 * (useCurrentEditionId).
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

/** The current edition's id, once the editions are read (undefined until then). */
export function useCurrentEditionId(): number | undefined {
  const { data } = useGetList<{ id: number; current: boolean }>('editions', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'year', order: 'DESC' },
  });
  return data?.find((e) => e.current)?.id;
}

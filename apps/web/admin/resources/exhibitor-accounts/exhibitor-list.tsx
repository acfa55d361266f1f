import { DataTable, SelectInput, SimpleList, useRecordContext } from 'react-admin';
import type { Answer, adminExhibitorSchema } from '@salon/shared';
import { ResponsiveList } from '../../components/responsive-list';
import { hallFilter, searchFilter } from '../../components/filters';
import { editionFilter, useEditionDefaults } from '../../components/editions';
import { sectorChoices } from './exhibitor-form';
import { StatusChip, exhibitorStatusChoices } from './status';

type ExhibitorRow = Answer<typeof adminExhibitorSchema>;

function Logo() {
  const record = useRecordContext<ExhibitorRow>();
  return record?.logo ? (
    <img src={record.logo.url} alt="" style={{ width: 64, height: 40, objectFit: 'contain' }} />
  ) : null;
}

/** 'Exposants': the current edition's, or another's by the edition filter (empty: the current one). */
export function ExhibitorList() {
  // The list opens on the current edition once it is known (its filter shows which).
  const defaults = useEditionDefaults();
  if (!defaults) return null;
  return (
    <ResponsiveList
      filterDefaultValues={defaults}
      filters={[
        searchFilter,
        editionFilter('admin.editions.currentEdition'),
        <SelectInput key="status" source="status" choices={exhibitorStatusChoices} alwaysOn />,
        hallFilter,
        <SelectInput key="secteurActivite" source="secteurActivite" choices={sectorChoices} />,
      ]}
      phone={
        <SimpleList<ExhibitorRow>
          primaryText={(r) => <bdi>{r.company}</bdi>}
          secondaryText={(r) => [r.gate, r.booth].filter(Boolean).join(' · ')}
          tertiaryText={<StatusChip />}
          leftAvatar={(r) => (r.logo ? <img src={r.logo.url} alt="" width={40} /> : null)}
          linkType="edit"
        />
      }
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="logo" disableSort>
          <Logo />
        </DataTable.Col>
        <DataTable.Col source="company" />
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="gate" disableSort />
        <DataTable.Col source="booth" />
        <DataTable.Col source="status" disableSort>
          <StatusChip />
        </DataTable.Col>
        <DataTable.NumberCol source="collaborators" disableSort />
        <DataTable.NumberCol source="scans" disableSort />
      </DataTable>
    </ResponsiveList>
  );
}

import { DataTable, SelectInput, SimpleList, TopToolbar, useLocaleState } from 'react-admin';
import { asLanguage, formatDateTime, getNewslettersExport, type Answer, type newsletterRowSchema } from '@salon/shared';
import { DateTimeField } from '../../components/date-time-field';
import { ListExportButton } from '../../components/list-export-button';
import { ResponsiveList } from '../../components/responsive-list';
import { searchFilter } from '../../components/filters';
import { NewsletterStateChip, stateChoices } from './states';

/** One subscriber as `GET admin/newsletters` lists it. */
type NewsletterRow = Answer<typeof newsletterRowSchema>;

/** The newsletter's subscribers and their spreadsheet. */
export function NewsletterList() {
  // The file's headers are in the back-office's language.
  const [locale] = useLocaleState();
  return (
    <ResponsiveList
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[searchFilter, <SelectInput key="state" source="state" choices={stateChoices} alwaysOn />]}
      actions={
        <TopToolbar>
          <ListExportButton
            label="admin.mail.export"
            exportCall={getNewslettersExport}
            filename="newsletter.xlsx"
            query={{ lang: asLanguage(locale) }}
          />
        </TopToolbar>
      }
      phone={
        <SimpleList<NewsletterRow>
          primaryText={(r) => r.email}
          secondaryText={(r) => formatDateTime(r.createdAt)}
          tertiaryText={<NewsletterStateChip />}
          linkType={false}
        />
      }
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="email" />
        <DataTable.Col source="language" disableSort />
        <DataTable.Col source="state" disableSort>
          <NewsletterStateChip />
        </DataTable.Col>
        <DataTable.Col source="createdAt" field={DateTimeField} />
        <DataTable.Col source="confirmedAt" field={DateTimeField} />
        <DataTable.Col source="unsubscribedAt" field={DateTimeField} />
      </DataTable>
    </ResponsiveList>
  );
}

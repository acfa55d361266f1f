import { Chip } from '@mui/material';
import {
  DataTable,
  FunctionField,
  SelectInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { BOOKING_STATUSES, dayText, holdLastDay, moneyText, type Answer, type adminBookingSchema } from '@salon/shared';
import { DateTimeField } from '../../components/date-time-field';
import { BookingActions, BookingInvoices } from './booking-actions';
import { BookingPayments } from './payments';
import { editionFilter, useEditionDefaults } from '../../components/editions';
import { searchFilter } from '../../components/filters';
import { ResponsiveList } from '../../components/responsive-list';

type Booking = Answer<typeof adminBookingSchema>;

const statusChoices = BOOKING_STATUSES.map((id) => ({ id, name: `admin.sales.status.${id}` }));

/** A booking's step: 'Option' (with its date), 'Contrat signé', 'Acompte reçu', 'Soldé', 'Annulé' (and why). */
export function BookingStatus() {
  const record = useRecordContext<Booking>();
  const translate = useTranslate();
  if (!record) return null;
  const label = translate(`admin.sales.status.${record.status}`);
  const reason = record.endReason ? ` — ${translate(`admin.sales.endReason.${record.endReason}`)}` : '';
  const color = record.status === 'cancelled' ? 'default' : record.status === 'option' ? 'warning' : 'success';
  return <Chip size="small" color={color} label={`${label}${reason}`} />;
}

const money = (centimes: number) => moneyText(centimes, 'fr');
/** The last day an option lasts through ('11 décembre 2026'), at the show's place; none once it ended. */
const lastDay = (r: Booking) => (r.status === 'option' ? dayText(holdLastDay(r.holdUntil), 'fr') : '—');

/** The bookings of an edition, newest first: who holds which stands, until when, for how much. */
export function BookingList() {
  const defaults = useEditionDefaults();
  if (!defaults) return null;
  return (
    <ResponsiveList
      sort={{ field: 'id', order: 'DESC' }}
      filters={[
        searchFilter,
        <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
        editionFilter('admin.editions.currentEdition'),
      ]}
      filterDefaultValues={defaults}
      phone={
        <SimpleList<Booking>
          primaryText={(r) => `${r.companyName} — ${r.stands}`}
          secondaryText={(r) => `${r.reference} · ${money(r.totalInclTax)} TTC`}
          tertiaryText={<BookingStatus />}
          linkType="show"
        />
      }
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="reference" disableSort />
        <DataTable.Col source="companyName" disableSort />
        <DataTable.Col source="stands" disableSort />
        <DataTable.NumberCol source="area" disableSort />
        <DataTable.Col source="totalInclTax" disableSort>
          <FunctionField<Booking> render={(r) => money(r.totalInclTax)} />
        </DataTable.Col>
        <DataTable.Col source="paid" disableSort>
          <FunctionField<Booking> render={(r) => money(r.paid)} />
        </DataTable.Col>
        <DataTable.Col source="status" disableSort>
          <BookingStatus />
        </DataTable.Col>
        <DataTable.Col source="holdUntil">
          <FunctionField<Booking> render={(r) => lastDay(r)} />
        </DataTable.Col>
      </DataTable>
    </ResponsiveList>
  );
}

/** One booking: the company's legal identity as it gave it, its contact, its stands and totals. */
export function BookingShow() {
  return (
    <Show actions={<BookingActions />}>
      <SimpleShowLayout>
        <TextField source="reference" />
        <BookingStatus />
        <FunctionField<Booking> source="holdUntil" render={(r) => lastDay(r)} />
        <TextField source="stands" />
        <FunctionField<Booking> source="area" render={(r) => `${r.area} m²`} />
        <FunctionField<Booking> source="totalExclTax" render={(r) => money(r.totalExclTax)} />
        <FunctionField<Booking> source="vat" render={(r) => money(r.vat)} />
        <FunctionField<Booking> source="totalInclTax" render={(r) => money(r.totalInclTax)} />
        <TextField source="companyName" />
        <TextField source="ice" />
        <TextField source="taxId" />
        <TextField source="tradeRegister" />
        <FunctionField<Booking> source="address" render={(r) => `${r.address}, ${r.city}`} />
        <FunctionField<Booking> source="signatoryName" render={(r) => `${r.signatoryName} — ${r.signatoryRole}`} />
        <TextField source="contactName" />
        <TextField source="email" />
        <TextField source="phone" />
        <TextField source="conditionsVersion" />
        <DateTimeField source="createdAt" />
        <BookingInvoices />
        <BookingPayments />
      </SimpleShowLayout>
    </Show>
  );
}

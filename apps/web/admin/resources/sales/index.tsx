import SellIcon from '@mui/icons-material/Sell';
import CategoryIcon from '@mui/icons-material/Category';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CalculateIcon from '@mui/icons-material/Calculate';
import ElectricalServicesIcon from '@mui/icons-material/ElectricalServices';
import { Resource } from 'react-admin';
import { createPage, editPage } from '../../components/crud-pages';
import { BookingList, BookingShow } from './bookings';
import { SalesOfferPage } from './offer-page';
import { StandClassForm, StandClassList } from './stand-classes';
import { ExhibitorServiceForm, ExhibitorServiceList } from './exhibitor-services';
import { StatementImportPage } from './statement-import';
import { AccountingPage } from './accounting';

/**
 * Stands sold online: each edition's offer and conditions of sale, the classes its stands are
 * sold as (a stand's class and area are set in its own form, under 'Stands'), the bookings
 * companies make on /exposer, and the services exhibitors order for their stands.
 */
export const salesResources = (
  <>
    <Resource name="stand-bookings" icon={ReceiptLongIcon} list={BookingList} show={BookingShow} />
    <Resource name="sales-offers" icon={SellIcon} list={SalesOfferPage} />
    {/* A page of its own, not a resource of the API: the bank statement matched and recorded. */}
    <Resource name="payments-import" icon={AccountBalanceIcon} list={StatementImportPage} />
    <Resource name="accounting" icon={CalculateIcon} list={AccountingPage} />
    <Resource
      name="stand-classes"
      icon={CategoryIcon}
      list={StandClassList}
      create={createPage(StandClassForm)}
      edit={editPage(StandClassForm)}
    />
    <Resource
      name="exhibitor-services"
      icon={ElectricalServicesIcon}
      list={ExhibitorServiceList}
      create={createPage(ExhibitorServiceForm)}
      edit={editPage(ExhibitorServiceForm)}
    />
  </>
);

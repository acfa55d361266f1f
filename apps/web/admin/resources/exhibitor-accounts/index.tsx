import InboxIcon from '@mui/icons-material/Inbox';
import StoreIcon from '@mui/icons-material/Store';
import { Resource } from 'react-admin';
import { EnquiryEdit } from './enquiry-edit';
import { EnquiryList } from './enquiry-list';
import { ExhibitorCreate, ExhibitorEdit } from './exhibitor-form';
import { ExhibitorList } from './exhibitor-list';

/**
 * Exhibitor enquiries and exhibitors: an enquiry is followed up (enquiry-edit), then converted into
 * an exhibitor whose form is filled from it (exhibitor-form); the exhibitor gets a hall, a stand
 * and a logo, and 'Confirmer' (exhibitor-actions) lists it in the directory and mails its access
 * link.
 */
export const exhibitorAccountsResources = (
  <>
    <Resource name="enquiries" icon={InboxIcon} list={EnquiryList} edit={EnquiryEdit} />
    {/* Titled by its company, not its contact's name. */}
    <Resource
      name="exhibitors"
      icon={StoreIcon}
      list={ExhibitorList}
      create={ExhibitorCreate}
      edit={ExhibitorEdit}
      recordRepresentation="company"
    />
  </>
);

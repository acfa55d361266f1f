import MailIcon from '@mui/icons-material/Mail';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Resource } from 'react-admin';
import { MailList } from './mail-list';
import { MailShow } from './mail-show';
import { NewsletterList } from './newsletter-list';

/**
 * The mail outbox (state, attempts, last error; 'Réessayer'; each mail as it was sent, as an
 * .eml file) and the newsletter subscribers with their export.
 */
export const mailResources = (
  <>
    <Resource name="mails" icon={MailIcon} list={MailList} show={MailShow} />
    <Resource name="newsletters" icon={MarkEmailReadIcon} list={NewsletterList} />
  </>
);

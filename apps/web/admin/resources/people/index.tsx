import AutoDeleteIcon from '@mui/icons-material/AutoDelete';
import PeopleIcon from '@mui/icons-material/People';
import { Resource } from 'react-admin';
import { RetentionPage } from './retention-page';
import { VisitorList } from './visitor-list';
import { VisitorShow } from './visitor-show';

/**
 * Visitors and their personal data: the list and its spreadsheet (visitor-list), each visitor's
 * page (visitor-show) with its actions (visitor-actions: badge sent again, the person's data
 * exported, the person erased), and the retention settings (retention-page) with a dry-run that
 * the organiser checks before anonymising anyone (retention-dry-run).
 */
export const peopleResources = (
  <>
    <Resource name="visitors" icon={PeopleIcon} list={VisitorList} show={VisitorShow} recordRepresentation="name" />
    {/* One record, whose form opens straight from the menu. */}
    <Resource name="retention" icon={AutoDeleteIcon} list={RetentionPage} />
  </>
);

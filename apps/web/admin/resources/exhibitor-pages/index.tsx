import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Resource } from 'react-admin';
import { ExhibitorPageEdit } from './page-edit';
import { ExhibitorPageList } from './page-list';

/**
 * 'Fiches exposants': the pages the current edition's exhibitors keep. With moderation on (site
 * settings), a change waits here: 'Publier' puts it live, 'Refuser' holds it with a reason the
 * exhibitor reads, 'Corriger' publishes the organiser's version (page-edit, page-actions).
 */
export const exhibitorPagesResources = (
  <>
    <Resource name="exhibitor-pages" icon={FactCheckIcon} list={ExhibitorPageList} edit={ExhibitorPageEdit} />
  </>
);

import GridOnIcon from '@mui/icons-material/GridOn';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Resource } from 'react-admin';
import { createPage, editPage } from '../../components/crud-pages';
import { StandImportPage } from './import-page';
import { StandForm, StandList } from './stands';

export { floorPlanMessages } from './messages';

/**
 * The floor plan's layout: the stands, each moved or resized by hand, and the import of a whole
 * layout from a CSV file with its preview. Halls get their size in the halls' form.
 */
export const floorPlanResources = (
  <>
    <Resource
      name="stands"
      icon={GridOnIcon}
      list={StandList}
      create={createPage(StandForm)}
      edit={editPage(StandForm)}
    />
    {/* A page of its own, not a resource of the API: its list is the import form. */}
    <Resource name="plan-import" icon={UploadFileIcon} list={StandImportPage} />
  </>
);

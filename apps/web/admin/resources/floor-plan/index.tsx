import GridOnIcon from '@mui/icons-material/GridOn';
import OpenWithIcon from '@mui/icons-material/OpenWith';
import PlaceIcon from '@mui/icons-material/Place';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Resource } from 'react-admin';
import { createPage, editPage } from '../../components/crud-pages';
import { StandImportPage } from './import-page';
import { PlanEditorPage } from './plan-editor';
import { StandForm, StandList } from './stands';
import { PlanFeatureForm, PlanFeatureList } from './plan-features';

/**
 * The floor plan's layout: the stands and the plan's features (entrances, aisles, services, the
 * forum's room), each moved or resized by hand, and the import of a whole
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
    <Resource
      name="plan-features"
      icon={PlaceIcon}
      list={PlanFeatureList}
      create={createPage(PlanFeatureForm)}
      edit={editPage(PlanFeatureForm)}
    />
    {/* Pages of their own, not resources of the API: the import form, and the drawing to drag stands on. */}
    <Resource name="plan-import" icon={UploadFileIcon} list={StandImportPage} />
    <Resource name="plan-editor" icon={OpenWithIcon} list={PlanEditorPage} />
  </>
);

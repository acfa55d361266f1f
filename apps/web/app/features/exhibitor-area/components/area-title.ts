/** The id of the area's h1, the name of the tab shown: what a part of the tab may be labelled by. */
export const AREA_TITLE_ID = 'area-tab-title';

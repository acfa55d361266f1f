import { SaveButton, Toolbar, ToolbarClasses } from 'react-admin';

/** The toolbar of a record that always exists: saved, never deleted. */
export const saveOnlyToolbar = (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/**
 * The same, staying under its form on phones too (react-admin pins it to the screen's bottom,
 * where it would cover what the page shows below the form).
 */
export const unpinnedSaveOnlyToolbar = (
  <Toolbar sx={{ [`&.${ToolbarClasses.mobileToolbar}`]: { position: 'static' } }}>
    <SaveButton />
  </Toolbar>
);

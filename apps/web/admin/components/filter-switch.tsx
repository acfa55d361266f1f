import { FormControlLabel, Switch } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** A yes/no filter as a switch: on sends `{ [source]: true }`, off removes the filter. */
export function FilterSwitch({ source, label }: { source: string; label: string }) {
  const list = useListContext();
  const translate = useTranslate();
  const filterValues = (list.filterValues ?? {}) as Record<string, unknown>;
  const on = filterValues[source] === true;
  const toggle = (checked: boolean) => {
    const { [source]: _removed, ...rest } = filterValues;
    list.setFilters(checked ? { ...rest, [source]: true } : rest, list.displayedFilters as Record<string, boolean>);
  };
  return (
    <FormControlLabel
      control={<Switch checked={on} onChange={(event) => toggle(event.target.checked)} />}
      label={translate(label)}
    />
  );
}

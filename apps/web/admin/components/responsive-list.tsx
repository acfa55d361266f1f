import type { ReactElement, ReactNode } from 'react';
import { List, type ListProps } from 'react-admin';
import { useSmall } from './use-small';

/**
 * A list page that shows one line per record on a phone (`phone`, a SimpleList) and the table
 * (`children`) elsewhere. No CSV export: a list whose rows make a file has a button of its own.
 */
export function ResponsiveList({
  phone,
  children,
  ...props
}: Omit<ListProps, 'children' | 'exporter'> & { phone: ReactElement; children: ReactNode }) {
  const small = useSmall();
  return (
    <List {...props} exporter={false}>
      {small ? phone : children}
    </List>
  );
}

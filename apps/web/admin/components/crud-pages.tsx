import type { JSX } from 'react';
import { Create, Edit, type RaRecord } from 'react-admin';

/**
 * Back to the list once saved; a record kept edition by edition (halls, stands, the programme) to
 * the list of its own edition, where it shows, whichever edition the list showed before.
 */
const listOfRecord = (resource?: string, _id?: unknown, data?: Partial<RaRecord>) => {
  // An edition's own number is no filter of the editions' list.
  const edition = resource === 'editions' ? undefined : (data as { edition?: unknown } | undefined)?.edition;
  const filter = typeof edition === 'number' ? `?filter=${encodeURIComponent(JSON.stringify({ edition }))}` : '';
  return `/${resource ?? ''}${filter}`;
};

/** The create page of a resource whose create and edit forms are one (`Form`): back to the list once saved. */
export const createPage = (Form: () => JSX.Element) => {
  const CreatePage = () => (
    <Create redirect={listOfRecord}>
      <Form />
    </Create>
  );
  return CreatePage;
};

/** Its edit page: saved once the server has answered, then back to the list. */
export const editPage = (Form: () => JSX.Element) => {
  const EditPage = () => (
    <Edit redirect="list" mutationMode="pessimistic">
      <Form />
    </Edit>
  );
  return EditPage;
};

import type { JSX } from 'react';
import { Create, Edit } from 'react-admin';

/** The create page of a resource whose create and edit forms are one (`Form`): back to the list once saved. */
export const createPage = (Form: () => JSX.Element) => {
  const CreatePage = () => (
    <Create redirect="list">
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

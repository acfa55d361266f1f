import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/Restore';
import LockPersonIcon from '@mui/icons-material/LockPerson';
import { Chip } from '@mui/material';
import {
  Create,
  DataTable,
  DeleteWithConfirmButton,
  Edit,
  NullableBooleanInput,
  PasswordInput,
  Resource,
  SaveButton,
  SimpleForm,
  SimpleList,
  TextInput,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import {
  controllerAccountEditSchema,
  controllerAccountSchema,
  type Answer,
  type controllerRecordSchema,
} from '@salon/shared';
import { ConfirmButton } from '../components/confirm-button';
import { DateTimeField } from '../components/date-time-field';
import { FieldRow } from '../components/field-row';
import { searchFilter } from '../components/filters';
import { ResponsiveList } from '../components/responsive-list';
import { StatusLine } from '../components/status-line';
import { formResolver } from '../../app/lib/form-resolver';

/**
 * The gate staff's accounts: controllers who sign in at /login-controleur. A new password, a
 * deactivation or a deletion ends the controller's open session (the API bumps its token version).
 */

type ControllerRow = Answer<typeof controllerRecordSchema>;

function ActiveChip(_props: { label?: string }) {
  const record = useRecordContext<ControllerRow>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.active ? 'success' : 'default'}
      label={translate(record.active ? 'admin.staff.status.active' : 'admin.staff.status.inactive')}
    />
  );
}

function ControllerList() {
  return (
    <ResponsiveList
      sort={{ field: 'name', order: 'ASC' }}
      filters={[searchFilter, <NullableBooleanInput key="active" source="active" alwaysOn />]}
      phone={
        <SimpleList<ControllerRow>
          primaryText={(r) => r.name}
          secondaryText={(r) => [r.email, r.phone].filter(Boolean).join(' · ')}
          tertiaryText={<ActiveChip />}
          linkType="edit"
        />
      }
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="email" />
        <DataTable.Col source="phone" disableSort />
        <DataTable.Col source="active" disableSort>
          <ActiveChip />
        </DataTable.Col>
        <DataTable.Col source="createdAt" field={DateTimeField} />
      </DataTable>
    </ResponsiveList>
  );
}

function ContactFields() {
  return (
    <>
      <TextInput source="name" fullWidth />
      <FieldRow>
        <TextInput source="email" type="email" autoComplete="off" fullWidth />
        <TextInput source="phone" type="tel" fullWidth />
      </FieldRow>
    </>
  );
}

function ControllerCreate() {
  return (
    <Create redirect="list" mutationMode="pessimistic">
      <SimpleForm resolver={formResolver(controllerAccountSchema)} defaultValues={{ active: true }}>
        <ContactFields />
        <PasswordInput source="password" autoComplete="new-password" helperText="admin.staff.passwordRules" fullWidth />
      </SimpleForm>
    </Create>
  );
}

/** Deactivating (or reactivating) after a confirmation; the controller's other fields are kept. */
function ActiveButton() {
  const record = useRecordContext<ControllerRow>();
  const [update, { isPending }] = useUpdate<ControllerRow>();
  const notify = useNotify();
  if (!record) return null;
  const action = record.active ? 'deactivate' : 'reactivate';
  const run = (close: () => void) =>
    update(
      'controllers',
      {
        id: record.id,
        data: { name: record.name, email: record.email, phone: record.phone, active: !record.active },
        previousData: record,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(`admin.staff.done.${action}`, { type: 'success' }),
        onError: (error) => notify(error.message || 'admin.errors.generic', { type: 'error' }),
        onSettled: close,
      },
    );
  return (
    <ConfirmButton
      label={`admin.staff.actions.${action}`}
      icon={record.active ? <BlockIcon /> : <RestoreIcon />}
      loading={isPending}
      content={`admin.staff.confirm.${action}`}
      translateOptions={{ name: record.name }}
      onConfirm={(close) => void run(close)}
    />
  );
}

function DeleteControllerButton() {
  const record = useRecordContext<ControllerRow>();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle="admin.staff.deleteTitle"
      confirmContent="admin.staff.deleteContent"
      titleTranslateOptions={{ name: record.name }}
      contentTranslateOptions={{ name: record.name }}
      successMessage="admin.staff.deleted"
      mutationMode="pessimistic"
    />
  );
}

const editToolbar = (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteControllerButton />
  </Toolbar>
);

/**
 * The form leaves the status to 'Désactiver' / 'Réactiver' (a stale value in the form must not
 * undo them), and sends a password only when a new one was typed.
 */
const editTransform = ({ active: _active, password, ...data }: Record<string, unknown>) =>
  password ? { ...data, password } : data;

function ControllerEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      transform={editTransform}
      actions={
        <TopToolbar>
          <ActiveButton />
        </TopToolbar>
      }
    >
      <SimpleForm resolver={formResolver(controllerAccountEditSchema)} toolbar={editToolbar}>
        <StatusLine label="resources.controllers.fields.active">
          <ActiveChip />
        </StatusLine>
        <ContactFields />
        <PasswordInput
          source="password"
          label="admin.staff.newPassword"
          autoComplete="new-password"
          helperText="admin.staff.newPasswordHelp"
          fullWidth
        />
      </SimpleForm>
    </Edit>
  );
}

export const staffResources = (
  <>
    <Resource
      name="controllers"
      icon={LockPersonIcon}
      list={ControllerList}
      create={ControllerCreate}
      edit={ControllerEdit}
    />
  </>
);

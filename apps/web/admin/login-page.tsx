import { Box, Typography } from '@mui/material';
import { Form, Login, PasswordInput, SaveButton, TextInput, useLogin, useNotify, useTranslate } from 'react-admin';
import { loginFormSchema, type LoginForm } from '@salon/shared';
import { formResolver } from '../app/lib/form-resolver';

/**
 * The back-office's sign-in: e-mail and password checked in the browser with the same zod schema
 * the API uses, then `POST auth/organiser`. A refusal says the same whatever the reason.
 */
export function AdminLoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const translate = useTranslate();
  const submit = async (values: Record<string, unknown>) => {
    const { email, password } = values as LoginForm;
    try {
      await login({ email, password });
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 400) notify('admin.auth.failed', { type: 'error' });
      else if (status === 0) notify('admin.errors.network', { type: 'error' });
      else notify((error as Error).message || 'admin.errors.generic', { type: 'error' });
    }
  };
  return (
    <Login>
      <Box sx={{ px: 2, pb: 2, maxWidth: 360 }}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('admin.auth.intro')}
        </Typography>
        <Form onSubmit={submit} resolver={formResolver(loginFormSchema)} noValidate>
          <TextInput source="email" type="email" label="admin.auth.email" autoComplete="username" fullWidth />
          <PasswordInput source="password" label="admin.auth.password" autoComplete="current-password" fullWidth />
          <SaveButton label="admin.auth.signIn" icon={<span />} fullWidth alwaysEnable />
        </Form>
      </Box>
    </Login>
  );
}

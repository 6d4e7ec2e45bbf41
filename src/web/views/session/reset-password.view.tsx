import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { passwordResetMachine } from '../../../../machines/session/password-reset.machine.js';
import { sessionApi } from './session.api.js';
import { TextField } from '../../platform/components/text-field.js';
import { AuthLayout } from './auth-layout.js';
import { inspected } from '../../inspector.js';

/** Password-reset request (/resetPassword). */
export function ResetPasswordView({ api = sessionApi }: { api?: Pick<typeof sessionApi, 'resetPassword'> }) {
  const [state, send] = useMachine(
    passwordResetMachine.provide({
      actors: {
        requestReset: fromPromise(async ({ input }) => {
          await api.resetPassword(input.email);
        }),
      },
    }),
    inspected({}),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'form.submit' });
  };

  return (
    <AuthLayout
      title="Recuperar contraseña"
      subtitle="Te enviaremos un correo con las instrucciones para elegir una nueva."
    >
      {state.matches('sent') ? (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>Te enviamos un correo con las instrucciones para recuperar tu contraseña.</Alert.Title>
        </Alert.Root>
      ) : state.matches('failed') ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>su solicitud no puede ser procesada</Alert.Title>
            <Alert.Description>
              <Link as="button" color="red.700" onClick={() => send({ type: 'form.retry' })}>
                Intentar de nuevo
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <TextField
              label="Correo electrónico"
              type="email"
              name="email"
              autoComplete="email"
              value={state.context.email}
              error={state.context.error ?? undefined}
              onValue={(value) => send({ type: 'field.change', value })}
              required
            />
            <Button type="submit" colorPalette="teal" size="lg" loading={state.matches('submitting')}>
              Recuperar Contraseña
            </Button>
          </Stack>
        </form>
      )}
      <Link asChild color="teal.700" fontSize="sm">
        <RouterLink to="/">Volver a iniciar sesión</RouterLink>
      </Link>
    </AuthLayout>
  );
}

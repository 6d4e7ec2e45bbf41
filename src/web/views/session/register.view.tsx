import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { formScreenMachine } from '../../../../machines/platform/form-screen.machine.js';
import { registrationForm } from '../../../../machines/session/registration-form.js';
import { registrationMachine } from '../../../../machines/session/registration.machine.js';
import { RegistrationMessages } from '../../../shared/session/registration-rules.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';
import { TextField } from '../../platform/components/text-field.js';
import { sessionApi } from './session.api.js';
import { AuthLayout } from './auth-layout.js';
import { inspected } from '../../inspector.js';

type PasswordForm = ActorRefFrom<typeof formScreenMachine>;

/** Complete registration (/?type=register&uuid=...), the link check, then the password form child. */
export function RegisterView({
  type,
  uuid,
  api = sessionApi,
}: {
  type: string | null;
  uuid: string | null;
  api?: Pick<typeof sessionApi, 'findUser' | 'newPassword'>;
}) {
  const navigate = useNavigate();
  // Made once per mount: useMachine keeps the logic it starts with, and useState's initializer is what React runs once.
  const [logic] = useState(() =>
    registrationMachine.provide({
      actors: { passwordForm: registrationForm({ findUser: api.findUser, newPassword: api.newPassword }) },
      actions: { navigate: (_, params) => navigate(params.to, { replace: true }) },
    }),
  );
  const [state, send] = useMachine(logic, inspected({ input: { type, uuid } }));
  const form = state.children.form;

  return (
    <AuthLayout title="Completa tu registro" subtitle={form ? <Greeting form={form} /> : undefined}>
      {form ? <PasswordFields form={form} /> : null}
      {state.matches('left') ? <Text>Redirigiendo…</Text> : null}
      <ResultDialog
        open={state.matches('invalidLink')}
        status="error"
        title={RegistrationMessages.noPermission}
        onClose={() => send({ type: 'dialog.close' })}
      />
    </AuthLayout>
  );
}

/** 'Hola {name}, …' once the user behind the link is known. */
function Greeting({ form }: { form: PasswordForm }) {
  const user = useSelector(form, (s) => s.context.record as { firstName?: string; email?: string });
  return user.email ? `Hola ${user.firstName ?? ''}, elige tu contraseña para ${user.email}.` : null;
}

/** The password form child's snapshot: the two fields, Registrar, and its dialogs. */
function PasswordFields({ form }: { form: PasswordForm }) {
  const state = useSelector(form, (s) => s);
  const { values, errors, serverError } = state.context;
  const send = form.send;
  const close = () => send({ type: 'dialog.close' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'form.submit' });
  };
  const showForm =
    state.matches('editing') || state.matches('submitting') || state.matches('failed') || state.matches('invalid');
  return (
    <>
      {state.matches('loading') ? <Spinner role="status" color="teal.600" aria-label="Buscando registro" /> : null}
      {showForm ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <TextField
              label="Contraseña"
              type="password"
              name="password"
              autoComplete="new-password"
              value={String(values.password ?? '')}
              error={errors.password}
              helper="Mínimo 8 caracteres, con al menos un número, una mayúscula y una minúscula."
              onValue={(value) => send({ type: 'field.change', name: 'password', value })}
              required
            />
            <TextField
              label="Confirmar contraseña"
              type="password"
              name="confirmation"
              autoComplete="new-password"
              value={String(values.confirmation ?? '')}
              error={errors.confirmation}
              onValue={(value) => send({ type: 'field.change', name: 'confirmation', value })}
              required
            />
            <Button type="submit" colorPalette="teal" size="lg" loading={state.matches('submitting')}>
              Registrar
            </Button>
          </Stack>
        </form>
      ) : null}
      <ResultDialog
        open={state.matches('loadFailed')}
        status="error"
        title={RegistrationMessages.notFound}
        onClose={close}
      />
      <ResultDialog
        open={state.matches('invalid')}
        status="error"
        title="Error"
        detail="Por favor, corrige los campos indicados."
        onClose={close}
      />
      <ResultDialog
        open={state.matches('succeeded')}
        status="success"
        title={RegistrationMessages.completed}
        onClose={close}
      />
      <ResultDialog
        open={state.matches('failed')}
        status="error"
        title={RegistrationMessages.failed}
        detail={serverError}
        onClose={close}
      />
    </>
  );
}

import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { registrationMachine } from '../../../../machines/registration.machine.js';
import { RegistrationMessages } from '../../../shared/registration-rules.js';
import { ResultDialog } from '../../components/result-dialog.js';
import { TextField } from '../../components/text-field.js';
import { sessionApi } from '../../api/session.api.js';
import { AuthLayout } from './auth-layout.js';
import { inspected } from '../../inspector.js';

/** Complete registration (/?type=register&uuid=...), spec 1 §2, §5, §8. */
export function RegisterView({ type, uuid, api = sessionApi }: { type: string | null; uuid: string | null; api?: Pick<typeof sessionApi, 'findUser' | 'newPassword'> }) {
  const navigate = useNavigate();
  const [state, send] = useMachine(registrationMachine.provide({
    actors: {
      findUser: fromPromise(({ input }) => api.findUser(input.uuid)),
      savePassword: fromPromise(async ({ input }) => { await api.newPassword(input.uuid, input.password); }),
    },
    actions: { navigate: (_, params) => navigate(params.to, { replace: true }) },
  }), inspected({ input: { type, uuid } }));
  const { values, errors, user, serverError } = state.context;
  const close = () => send({ type: 'dialog.close' });

  const submit = (e: FormEvent) => { e.preventDefault(); send({ type: 'form.submit' }); };

  return (
    <AuthLayout title="Completa tu registro" subtitle={user ? `Hola ${user.firstName}, elige tu contraseña para ${user.email}.` : undefined}>
      {state.matches('lookingUp') ? <Spinner color="teal.600" aria-label="Buscando registro" /> : null}
      {state.matches('editing') || state.matches('submitting') || state.matches('failed') ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <TextField label="Contraseña" type="password" name="password" autoComplete="new-password" value={values.password}
              error={errors.password} helper="Mínimo 8 caracteres, con al menos un número, una mayúscula y una minúscula."
              onValue={(value) => send({ type: 'field.change', name: 'password', value })} required />
            <TextField label="Confirmar contraseña" type="password" name="confirmation" autoComplete="new-password" value={values.confirmation}
              error={errors.confirmation} onValue={(value) => send({ type: 'field.change', name: 'confirmation', value })} required />
            <Button type="submit" colorPalette="teal" size="lg" loading={state.matches('submitting')}>Registrar</Button>
          </Stack>
        </form>
      ) : null}
      {state.matches('left') ? <Text>Redirigiendo…</Text> : null}
      <ResultDialog open={state.matches('invalidLink')} status="error" title={RegistrationMessages.noPermission} onClose={close} />
      <ResultDialog open={state.matches('notFound')} status="error" title={RegistrationMessages.notFound} onClose={close} />
      <ResultDialog open={state.matches('completed')} status="success" title={RegistrationMessages.completed} onClose={close} />
      <ResultDialog open={state.matches('failed')} status="error" title={RegistrationMessages.failed} detail={serverError} onClose={close} />
    </AuthLayout>
  );
}

import { Button, Link, Stack } from '@chakra-ui/react';
import { Suspense, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Portal } from '../../../shared/session/sign-in-rules.js';
import { TextField } from '../../platform/components/text-field.js';
import { paths } from '../../paths.js';
import { SessionContext } from './session-context.js';
import { AuthLayout } from './auth-layout.js';
import { lazyWithTheme } from '../../theme-loader.js';

// The dialog (its focus trap and its styles) loads only when a sign-in fails: the first screen stays small.
const ResultDialog = lazyWithTheme(
  async () => (await import('../../platform/components/result-dialog.js')).ResultDialog,
);

/** Main sign-in (/) and contractors' sign-in (/?type=contractor). */
export function SignInView({ portal }: { portal: Portal }) {
  const session = SessionContext.useActorRef();
  const loading = SessionContext.useSelector((s) => s.matches('signingIn') || s.matches('rejecting'));
  const failed = SessionContext.useSelector((s) => s.matches({ signedOut: 'error' }));
  const error = SessionContext.useSelector((s) => s.context.error);
  const { email, password } = SessionContext.useSelector((s) => s.context.credentials);
  const errors = SessionContext.useSelector((s) => s.context.fieldErrors);
  const change = (name: 'email' | 'password', value: string) =>
    session.send({ type: 'credentials.change', name, value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    session.send({ type: 'session.signIn', portal });
  };

  return (
    <AuthLayout
      title={portal === 'contractor' ? 'Portal de contratistas' : 'Iniciar sesión'}
      subtitle={
        portal === 'contractor'
          ? 'Ingresa con la cuenta que te dio el fraccionamiento.'
          : 'Ingresa con tu correo y contraseña.'
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <TextField
            label="Correo electrónico"
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onValue={(value) => change('email', value)}
            error={errors.email}
            required
          />
          <TextField
            label="Contraseña"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onValue={(value) => change('password', value)}
            error={errors.password}
            required
          />
          <Button type="submit" colorPalette="teal" size="lg" loading={loading} loadingText="Ingresando…">
            Ingresar
          </Button>
          <Stack direction="row" justify="space-between" fontSize="sm">
            <Link asChild color="teal.700">
              <RouterLink to={paths.resetPassword}>¿Olvidaste tu contraseña?</RouterLink>
            </Link>
            {portal === 'contractor' ? (
              <Link asChild color="teal.700">
                <RouterLink to="/">Portal inicio</RouterLink>
              </Link>
            ) : (
              <Link asChild color="teal.700">
                <RouterLink to="/?type=contractor">Soy contratista</RouterLink>
              </Link>
            )}
          </Stack>
        </Stack>
      </form>
      {failed && error ? (
        <Suspense fallback={null}>
          <ResultDialog
            open
            status="error"
            title="No fue posible iniciar sesión"
            detail={error}
            onClose={() => session.send({ type: 'error.dismiss' })}
          />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}

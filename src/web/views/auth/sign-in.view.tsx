import { Button, Link, Stack } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import * as v from 'valibot';
import { fieldErrors } from '../../../shared/form-validation.js';
import { ContractorSignInSchema, SignInSchema } from '../../../shared/schemas/auth.schema.js';
import type { Portal } from '../../../shared/sign-in-rules.js';
import { TextField } from '../../components/text-field.js';
import { paths } from '../../paths.js';
import { SessionContext } from '../../session/session-context.js';
import { AuthLayout } from './auth-layout.js';

// The dialog (and its focus trap) loads only when a sign-in fails: the first screen stays small.
const ResultDialog = lazy(async () => ({ default: (await import('../../components/result-dialog.js')).ResultDialog }));

/** Main sign-in (/) and contractors' sign-in (/?type=contractor), spec 1 §2, §5, §8. */
export function SignInView({ portal }: { portal: Portal }) {
  const session = SessionContext.useActorRef();
  const loading = SessionContext.useSelector((s) => s.matches('signingIn') || s.matches('rejecting'));
  const failed = SessionContext.useSelector((s) => s.matches({ signedOut: 'error' }));
  const error = SessionContext.useSelector((s) => s.context.error);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  // After a failed attempt the fields are cleared (spec 1 §2).
  useEffect(() => { if (failed) { setEmail(''); setPassword(''); } }, [failed]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = v.safeParse(portal === 'contractor' ? ContractorSignInSchema : SignInSchema, { email, password });
    if (!result.success) { setErrors(fieldErrors(result.issues)); return; }
    setErrors({});
    session.send({ type: 'session.signIn', email: result.output.email, password: result.output.password, portal });
  };

  return (
    <AuthLayout
      title={portal === 'contractor' ? 'Portal de contratistas' : 'Iniciar sesión'}
      subtitle={portal === 'contractor' ? 'Ingresa con la cuenta que te dio el fraccionamiento.' : 'Ingresa con tu correo y contraseña.'}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <TextField label="Correo electrónico" type="email" name="email" autoComplete="username" value={email}
            onValue={(value) => { setEmail(value); setErrors(({ email: _gone, ...rest }) => rest); }} error={errors.email} required />
          <TextField label="Contraseña" type="password" name="password" autoComplete="current-password" value={password}
            onValue={(value) => { setPassword(value); setErrors(({ password: _gone, ...rest }) => rest); }} error={errors.password} required />
          <Button type="submit" colorPalette="teal" size="lg" loading={loading} loadingText="Ingresando…">Ingresar</Button>
          <Stack direction="row" justify="space-between" fontSize="sm">
            <Link asChild color="teal.700"><RouterLink to={paths.resetPassword}>¿Olvidaste tu contraseña?</RouterLink></Link>
            {portal === 'contractor'
              ? <Link asChild color="teal.700"><RouterLink to="/">Portal inicio</RouterLink></Link>
              : <Link asChild color="teal.700"><RouterLink to="/?type=contractor">Soy contratista</RouterLink></Link>}
          </Stack>
        </Stack>
      </form>
      {failed && error ? (
        <Suspense fallback={null}>
          <ResultDialog open status="error" title="No fue posible iniciar sesión" detail={error}
            onClose={() => session.send({ type: 'error.dismiss' })} />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}

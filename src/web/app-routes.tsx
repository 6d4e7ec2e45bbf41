import { Flex, Spinner } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import { homeFor } from '../shared/platform/home.js';
import { paths } from './paths.js';
import { SessionContext } from './views/session/session-context.js';
import { SignInView } from './views/session/sign-in.view.js';
import { NotFoundView } from './platform/not-found.view.js';
import { lazyWithTheme } from './theme-loader.js';

// The first screen stays small: the shell and the other public screens load on demand.
// They show once the full Chakra system is in place (theme-loader.ts).
const SignedInRoutes = lazyWithTheme(async () => (await import('./platform/shell/signed-in-routes.js')).SignedInRoutes);
const RegisterView = lazyWithTheme(async () => (await import('./views/session/register.view.js')).RegisterView);
const ResetPasswordView = lazyWithTheme(
  async () => (await import('./views/session/reset-password.view.js')).ResetPasswordView,
);

const Loading = () => (
  <Flex minH="100vh" align="center" justify="center">
    <Spinner role="status" size="lg" color="teal.600" aria-label="Cargando" />
  </Flex>
);

/** `/`: sign-in, contractor sign-in or registration by the query; home when signed in. */
function RootRoute() {
  const [query] = useSearchParams();
  const restoring = SessionContext.useSelector((s) => s.matches('boot') || s.matches('restoring'));
  const user = SessionContext.useSelector((s) => (s.hasTag('signedIn') ? s.context.user : null));
  const type = query.get('type');
  if (type === 'register') return <RegisterView type={type} uuid={query.get('uuid')} />;
  if (restoring) return <Loading />;
  if (user) return <Navigate to={homeFor(user.roleKey)} replace />;
  return <SignInView portal={type?.includes('contractor') ? 'contractor' : 'main'} />;
}

/** Every other path: the signed-in routes in the shell, or back to `/` without a session. */
function RequireSession() {
  const restoring = SessionContext.useSelector((s) => s.matches('boot') || s.matches('restoring'));
  const user = SessionContext.useSelector((s) => s.context.user);
  const signedIn = SessionContext.useSelector((s) => s.hasTag('signedIn'));
  if (restoring) return <Loading />;
  if (!signedIn || !user) return <Navigate to="/" replace />;
  return <SignedInRoutes user={user} />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path={paths.root} element={<RootRoute />} />
        <Route path={paths.resetPassword} element={<ResetPasswordView />} />
        <Route path={paths.notFound} element={<NotFoundView />} />
        <Route path="*" element={<RequireSession />} />
      </Routes>
    </Suspense>
  );
}

import { Flex, Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router-dom';
import { guardRedirect, homeFor } from '../shared/platform/menu.js';
import { paths } from './paths.js';
import { screens, type Screen } from './screens.js';
import { SessionContext } from './views/session/session-context.js';
import { SignInView } from './views/session/sign-in.view.js';
import { NotFoundView } from './platform/not-found.view.js';
import { PendingScreenView } from './platform/pending-screen.view.js';

// The first screen stays small: the shell and the other public screens load on demand.
const AppShell = lazy(async () => ({ default: (await import('./platform/shell/app-shell.js')).AppShell }));
const RegisterView = lazy(async () => ({ default: (await import('./views/session/register.view.js')).RegisterView }));
const ResetPasswordView = lazy(async () => ({
  default: (await import('./views/session/reset-password.view.js')).ResetPasswordView,
}));

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

/** Signed-in routes: the shell, or back to `/` without a session (the route guards). */
function RequireSession() {
  const restoring = SessionContext.useSelector((s) => s.matches('boot') || s.matches('restoring'));
  const user = SessionContext.useSelector((s) => s.context.user);
  const signedIn = SessionContext.useSelector((s) => s.hasTag('signedIn'));
  if (restoring) return <Loading />;
  if (!signedIn || !user) return <Navigate to="/" replace />;
  return <AppShell user={user} />;
}

function GuardedScreen({ screen }: { screen: Screen }) {
  const role = SessionContext.useSelector((s) => s.context.user?.roleKey ?? null);
  const { pathname } = useLocation();
  const redirect = guardRedirect(pathname, role);
  if (redirect) return <Navigate to={redirect} replace />;
  const View = screen.view;
  return View ? <View /> : <PendingScreenView title={screen.title} />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path={paths.root} element={<RootRoute />} />
        <Route path={paths.resetPassword} element={<ResetPasswordView />} />
        <Route path={paths.notFound} element={<NotFoundView />} />
        <Route element={<RequireSession />}>
          {screens.map((screen) => (
            <Route key={screen.path} path={screen.path} element={<GuardedScreen screen={screen} />} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}

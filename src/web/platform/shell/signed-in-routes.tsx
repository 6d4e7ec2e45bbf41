import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { CurrentUser } from '../../../shared/platform/api-types.js';
import { guardRedirect } from '../../../shared/platform/menu.js';
import { screens, type Screen } from '../../screens.js';
import { SessionContext } from '../../views/session/session-context.js';
import { PendingScreenView } from '../pending-screen.view.js';
import { AppShell } from './app-shell.js';

function GuardedScreen({ screen }: { screen: Screen }) {
  const role = SessionContext.useSelector((s) => s.context.user?.roleKey ?? null);
  const { pathname } = useLocation();
  const redirect = guardRedirect(pathname, role);
  if (redirect) return <Navigate to={redirect} replace />;
  const View = screen.view;
  return View ? <View /> : <PendingScreenView title={screen.title} />;
}

/**
 * The signed-in routes inside the shell, each behind its route guard; any other path goes back to
 * `/`. Loaded with the shell, so the first screen carries neither the route table nor the menu.
 */
export function SignedInRoutes({ user }: { user: CurrentUser }) {
  return (
    <Routes>
      <Route element={<AppShell user={user} />}>
        {screens.map((screen) => (
          <Route key={screen.path} path={screen.path} element={<GuardedScreen screen={screen} />} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

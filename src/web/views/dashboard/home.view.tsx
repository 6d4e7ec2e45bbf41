import { dashboardViewFor } from '../../../shared/dashboard/dashboard-counters.js';
import { useSessionUser } from '../session/session-context.js';
import { Dashboard } from './dashboard.js';

/** /home : licence cards for integrators, live access statistics for the others. */
export function HomeView() {
  const user = useSessionUser();
  return (
    <Dashboard
      key={user?.testFrac?.uuid ?? 'none'}
      input={{ view: user ? dashboardViewFor(user.roleKey) : 'visits', communityUuid: user?.testFrac?.uuid ?? null }}
    />
  );
}

import type { Role } from './roles.js';

/** Home by role. */
export function homeFor(role: Role): string {
  if (role === 'contractor') return '/constructions_contractor';
  if (role === 'resident') return '/massiveEvents';
  return '/home';
}

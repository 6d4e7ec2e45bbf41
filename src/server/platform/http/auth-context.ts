import type { Role } from '../../../shared/platform/roles.js';

/** Who is calling, resolved from the verified session on every request. */
export interface AuthContext {
  sessionId: number;
  userId: number;
  userUuid: string;
  email: string;
  typeId: number;
  role: Role;
  /** The session's active community (null for roles that work across communities). */
  communityId: number | null;
  communityUuid: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * `app.requireStaff`: the guard of every route of the marketplace team (`/api/v1/admin/*`), run
 * after `app.authenticate`: the signed-in user is on the team (`users.is_staff`).
 */
import type { FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../errors';
import { getCurrentUser } from './context';

export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!getCurrentUser(request).isStaff) {
    throw new AppError(ErrorCode.Forbidden, 'Only the marketplace team can do that.');
  }
}

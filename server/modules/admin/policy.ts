/** The policy of every admin route: the signed-in user is on the marketplace team. */
import type { FastifyRequest } from 'fastify';
import { getCurrentUser } from '../../auth/context';
import { AppError, ErrorCode } from '../../errors';

export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!getCurrentUser(request).isStaff) {
    throw new AppError(ErrorCode.Forbidden, 'Only the marketplace team can do that.');
  }
}

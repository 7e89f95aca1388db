/**
 * Whether a supplier asks everyone who works for it to sign in with a second factor (issue 29). The
 * admins choose; `app.requireSupplier` (server/auth/supplier-context.ts) enforces it on every
 * request for the supplier, whatever the identity provider.
 */
import { eq } from 'drizzle-orm';
import { OWN_SECOND_FACTOR_FIRST_MESSAGE, type SecondFactorRequirement } from '../../../common/api/second-factors';
import type { AuditLog } from '../../audit';
import type { SupplierActor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { suppliers } from '../../db/schema/index';
import { AppError, ErrorCode } from '../../errors';

/**
 * Sets the requirement for the actor's supplier. Turning it on takes an admin who signed in with a
 * second factor (`usedSecondFactor`), so the admin who asks it of everyone is not shut out by it.
 */
export async function setSecondFactorRequirement(
  deps: { db: Database; audit: AuditLog },
  actor: SupplierActor,
  usedSecondFactor: boolean,
  { required }: SecondFactorRequirement,
): Promise<SecondFactorRequirement> {
  if (required && !usedSecondFactor) {
    throw new AppError(ErrorCode.Conflict, OWN_SECOND_FACTOR_FIRST_MESSAGE);
  }
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ required: suppliers.requireSecondFactor })
      .from(suppliers)
      .where(eq(suppliers.id, actor.supplierId))
      .for('update');
    if (!before) {
      throw new AppError(ErrorCode.NotFound, 'That supplier no longer exists.');
    }
    if (before.required === required) {
      return { required };
    }
    await tx.update(suppliers).set({ requireSecondFactor: required, updatedAt: new Date() }).where(eq(suppliers.id, actor.supplierId));
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'supplier.second-factor-requirement',
        entity: 'supplier',
        entityId: actor.supplierId,
        supplierId: actor.supplierId,
        before: { requireSecondFactor: before.required },
        after: { requireSecondFactor: required },
        requestId: actor.requestId,
      },
      tx,
    );
    return { required };
  });
}

import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { isUnlimited, type PlanLimits } from '@shared/billing/plans';
import type { Executor } from '@server/db/client';
import { branches } from '@server/db/schema';

type ActiveBranch = { id: string; name: string; isMain: boolean };

/**
 * Which active branches a plan does not cover (decision 084), as cardsOutsidePlan does for cards:
 * the main branch (the vendor's own address) and then the oldest are kept up to maxBranches, the
 * newest beyond it paused. `active` is ordered main first, then oldest first.
 */
export function branchesOutsidePlan(active: readonly ActiveBranch[], limits: PlanLimits): ActiveBranch[] {
  if (isUnlimited(limits.maxBranches)) return [];
  return active.slice(Math.max(1, limits.maxBranches));
}

/** The vendor's branches that count against maxBranches: neither paused nor archived, main first, then oldest. */
export function activeBranchesQuery(db: Executor, vendorId: string) {
  return db
    .select({ id: branches.id, name: branches.name, isMain: branches.isMain })
    .from(branches)
    .where(and(eq(branches.vendorId, vendorId), eq(branches.status, 'active'), isNull(branches.archivedAt)))
    .orderBy(desc(branches.isMain), asc(branches.createdAt), asc(branches.id));
}

/**
 * After a plan change, pauses the active branches beyond the new plan's maxBranches, in the
 * transaction that changed the plan; the branch rows are locked so a concurrent resume waits.
 * Paused branches keep everything; the owner resumes one when the plan has room again.
 */
export async function pauseBranchesOutsidePlan(
  tx: Executor,
  vendorId: string,
  limits: PlanLimits,
  now: Date,
): Promise<ActiveBranch[]> {
  const paused = branchesOutsidePlan(await activeBranchesQuery(tx, vendorId).for('update'), limits);
  if (paused.length === 0) return [];
  await tx
    .update(branches)
    .set({ status: 'paused', updatedAt: now })
    .where(
      inArray(
        branches.id,
        paused.map((branch) => branch.id),
      ),
    );
  return paused;
}

import { and, eq } from 'drizzle-orm';
import type { saveAutomationSchema } from '@shared/campaigns/automations';
import {
  AUTOMATION_KINDS,
  AUTOMATION_TEXT_KEYS,
  BONUS_AUTOMATIONS,
  DEFAULT_WIN_BACK_DAYS,
  type AutomationKind,
  type AutomationSetting,
  type AutomationsOverview,
} from '@shared/campaigns/automations';
import { cheapestPlanWith, featureNeedsPlanMessage } from '@shared/billing/plans';
import type { Database, Executor } from '@server/db/client';
import { vendorAutomations } from '@server/db/schema';
import { planRequired } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { planLimitsForVendor } from '@server/modules/billing/plan-limits-for-vendor';
import { loadVendor, lockOpenVendor } from '@server/modules/billing/vendor-plan';
import type { z } from 'zod';
import { DEFAULT_HOLD_OUT_PERCENT } from '@shared/campaigns/hold-out';
import { automationLifts } from './hold-out-lift';

/** "This feature needs the Standard plan.": what a plan without automations is told. */
export function automationsLockedMessage(): string {
  return featureNeedsPlanMessage(cheapestPlanWith('automations'));
}

/** A kind's texts as the catalogue words them, in the reader's language: what a new automation starts with. */
function defaultsOf(kind: AutomationKind): Pick<AutomationSetting, 'subject' | 'body'> {
  return {
    subject: serverText(AUTOMATION_TEXT_KEYS[kind].subject),
    body: serverText(AUTOMATION_TEXT_KEYS[kind].body),
  };
}

export type StoredAutomation = typeof vendorAutomations.$inferSelect;

/** The vendor's stored automations by kind (no row: never switched on). */
export async function storedAutomations(db: Executor, vendorId: string): Promise<Map<string, StoredAutomation>> {
  const stored = await db.select().from(vendorAutomations).where(eq(vendorAutomations.vendorId, vendorId));
  return new Map(stored.map((row) => [row.kind, row]));
}

/** Every automation of the vendor, each with its text (the vendor's, or the catalogue's default) and whether the plan has them. */
export async function listAutomations(
  db: Database,
  vendorId: string,
  options: { canEdit: boolean; now: Date },
): Promise<AutomationsOverview> {
  const vendor = await loadVendor(db, vendorId);
  const allowed = planLimitsForVendor(vendor).automations;
  const stored = await storedAutomations(db, vendorId);
  const lifts = await automationLifts(db, vendorId, options.now);
  return {
    allowed,
    lockedMessage: allowed ? null : automationsLockedMessage(),
    canEdit: options.canEdit,
    vendorName: vendor.businessName,
    averageSpendRupees: vendor.averageSpendRupees,
    automations: AUTOMATION_KINDS.map((kind) => {
      const row = stored.get(kind);
      return {
        kind,
        enabled: allowed && (row?.enabled ?? false),
        ...(row ? { subject: row.subject, body: row.body } : defaultsOf(kind)),
        bonusStamp: BONUS_AUTOMATIONS.includes(kind) && (row?.bonusStamp ?? false),
        winBackDays: row?.winBackDays ?? DEFAULT_WIN_BACK_DAYS,
        // A never-saved automation's form starts at the default share; one saved keeps its own.
        holdOutPercent: row?.holdOutPercent ?? DEFAULT_HOLD_OUT_PERCENT,
        lift: lifts.get(kind) ?? null,
      };
    }),
  };
}

/**
 * Saves one automation (owner only, checked by the route). A plan without automations is refused
 * with 403 plan_required, changing nothing; the bonus stamp applies to welcome and birthday only.
 * Audited, so the vendor's activity shows who switched what.
 */
export async function saveAutomation(
  db: Database,
  input: { vendorId: string; kind: AutomationKind; actor: AuditActor; setting: z.output<typeof saveAutomationSchema> },
  now: Date,
): Promise<AutomationSetting> {
  const { setting, kind } = input;
  return db.transaction(async (tx) => {
    const vendor = await lockOpenVendor(tx, input.vendorId);
    if (!planLimitsForVendor(vendor).automations) throw planRequired(automationsLockedMessage());
    const values = {
      enabled: setting.enabled,
      subject: setting.subject,
      body: setting.body,
      bonusStamp: BONUS_AUTOMATIONS.includes(kind) && setting.bonusStamp,
      winBackDays: setting.winBackDays,
      holdOutPercent: setting.holdOutPercent,
      updatedAt: now,
    };
    await tx
      .insert(vendorAutomations)
      .values({ vendorId: input.vendorId, kind, ...values })
      .onConflictDoUpdate({ target: [vendorAutomations.vendorId, vendorAutomations.kind], set: values });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'vendor.automation_saved',
      targetType: 'vendor',
      targetId: input.vendorId,
      vendorId: input.vendorId,
      metadata: {
        kind,
        enabled: values.enabled,
        bonusStamp: values.bonusStamp,
        holdOutPercent: values.holdOutPercent,
      },
    });
    const { updatedAt: _updatedAt, ...saved } = values;
    return { kind, ...saved, lift: (await automationLifts(tx, input.vendorId, now)).get(kind) ?? null };
  });
}

/** Whether a vendor's automation of this kind should send now: switched on, and the plan in force has automations. */
export async function activeAutomation(
  db: Executor,
  vendorId: string,
  kind: AutomationKind,
): Promise<StoredAutomation | null> {
  const [row] = await db
    .select()
    .from(vendorAutomations)
    .where(and(eq(vendorAutomations.vendorId, vendorId), eq(vendorAutomations.kind, kind)))
    .limit(1);
  return row?.enabled ? row : null;
}

import type { Executor } from '@server/db/client';
import { auditLog } from '@server/db/schema';
import type { AuditAction } from './audit-actions';

export interface AuditActor {
  userId: string | null;
  email: string | null;
}

export interface AuditEntry {
  actor: AuditActor;
  /** Dotted, from the list in audit-actions.ts (each has its sentence there). */
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  vendorId?: string | null;
  metadata?: Record<string, unknown>;
}

/** The audit_log row of an entry, for callers that insert it as part of a larger statement. */
export function auditLogValues(entry: AuditEntry): typeof auditLog.$inferInsert {
  return {
    actorUserId: entry.actor.userId,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    vendorId: entry.vendorId ?? null,
    metadata: entry.metadata ?? {},
  };
}

/** Who did what, when, on what. Call it inside the transaction of the change it records. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditLogValues(entry));
}

export function actorOf(viewer: { userId: string; email: string }): AuditActor {
  return { userId: viewer.userId, email: viewer.email };
}

export const SYSTEM_ACTOR: AuditActor = { userId: null, email: null };

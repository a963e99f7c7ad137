import { asc, eq } from 'drizzle-orm';
import type { SupportTemplate, SupportTemplateInput } from '@shared/platform/support-inbox';
import type { Database, Executor } from '@server/db/client';
import { supportReplyTemplates } from '@server/db/schema';
import { notFound } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { serverText } from '@server/lib/texts';

/** The admin's saved replies, each in English and Urdu. */

type TemplateRow = typeof supportReplyTemplates.$inferSelect;

function presentTemplate(row: TemplateRow): SupportTemplate {
  return {
    id: row.id,
    title: row.title,
    bodyEn: row.bodyEn,
    bodyUr: row.bodyUr,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function templateNotFound() {
  return notFound(serverText('forms:support.templateNotFound'));
}

/** In alphabetical order of title, as the answer box's list offers them. */
export async function listSupportTemplates(db: Executor): Promise<SupportTemplate[]> {
  const rows = await db
    .select()
    .from(supportReplyTemplates)
    .orderBy(asc(supportReplyTemplates.title), asc(supportReplyTemplates.createdAt));
  return rows.map(presentTemplate);
}

/** A saved reply added, changed or removed, in the audit log by its title. */
function auditTemplate(
  tx: Executor,
  actor: AuditActor,
  action: 'support.template_create' | 'support.template_update' | 'support.template_delete',
  row: TemplateRow,
) {
  return recordAudit(tx, {
    actor,
    action,
    targetType: 'support_template',
    targetId: row.id,
    metadata: { name: row.title },
  });
}

export async function createSupportTemplate(
  db: Database,
  input: SupportTemplateInput,
  actor: AuditActor,
  now: Date,
): Promise<SupportTemplate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportReplyTemplates)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    await auditTemplate(tx, actor, 'support.template_create', row!);
    return presentTemplate(row!);
  });
}

export async function updateSupportTemplate(
  db: Database,
  { templateId: id, actor, template: input }: { templateId: string; actor: AuditActor; template: SupportTemplateInput },
  now: Date,
): Promise<SupportTemplate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(supportReplyTemplates)
      .set({ ...input, updatedAt: now })
      .where(eq(supportReplyTemplates.id, id))
      .returning();
    if (!row) throw templateNotFound();
    await auditTemplate(tx, actor, 'support.template_update', row);
    return presentTemplate(row);
  });
}

export async function deleteSupportTemplate(db: Database, id: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(supportReplyTemplates).where(eq(supportReplyTemplates.id, id)).returning();
    if (!row) throw templateNotFound();
    await auditTemplate(tx, actor, 'support.template_delete', row);
  });
}

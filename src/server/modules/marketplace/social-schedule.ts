import { eq } from 'drizzle-orm';
import { DEFAULT_DAILY_POST_TIME, SOCIAL_NETWORKS } from '@shared/marketplace/social-posts';
import type { SocialOverview, SocialSchedule, SocialScheduleInput } from '@shared/marketplace/social-api';
import { isLocalAddress, type Config } from '@server/config';
import type { Executor } from '@server/db/client';
import { socialSchedule } from '@server/db/schema';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';

/** The schedule before the admin saves one: off, both networks, the default time, hourly deals on. */
export const DEFAULT_SOCIAL_SCHEDULE: SocialSchedule = {
  enabled: false,
  facebook: true,
  instagram: true,
  dailyPostTime: DEFAULT_DAILY_POST_TIME,
  postHourlyDeals: true,
  updatedBy: null,
  updatedAt: null,
};

function present(row: typeof socialSchedule.$inferSelect): SocialSchedule {
  return {
    enabled: row.enabled,
    facebook: row.facebook,
    instagram: row.instagram,
    dailyPostTime: row.dailyPostTime,
    postHourlyDeals: row.postHourlyDeals,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** The admin's schedule (its one row), or the default one. */
export async function getSocialSchedule(db: Executor): Promise<SocialSchedule> {
  const [row] = await db.select().from(socialSchedule).where(eq(socialSchedule.id, 1));
  return row ? present(row) : DEFAULT_SOCIAL_SCHEDULE;
}

/** Saves the schedule (its one row, written or replaced) with its line in the audit log. */
export async function saveSocialSchedule(
  db: Executor,
  input: SocialScheduleInput,
  actor: AuditActor,
  now: Date,
): Promise<SocialSchedule> {
  const values = { ...input, updatedBy: actor.email, updatedAt: now };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(socialSchedule)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: socialSchedule.id, set: values })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'social.schedule_update',
      targetType: 'social_schedule',
      targetId: '1',
      metadata: { ...input },
    });
    return present(row!);
  });
}

/** Each network's settings (on, or the variables still to set), and the schedule. */
export async function getSocialOverview(
  db: Executor,
  config: Pick<Config, 'publicUrl' | 'social'>,
): Promise<SocialOverview> {
  return {
    networks: SOCIAL_NETWORKS.map((network) => ({
      network,
      configured: config.social[network] !== undefined,
      missing: config.social.missing[network],
    })),
    publicUrlIsLocal: isLocalAddress(config.publicUrl),
    publicUrl: config.publicUrl,
    schedule: await getSocialSchedule(db),
  };
}

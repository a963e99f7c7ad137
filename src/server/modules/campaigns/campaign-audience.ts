import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { segmentWindow, type CampaignSegment } from '@shared/campaigns/campaigns';
import type { Executor } from '@server/db/client';
import { authUser, emailPreferences, loyaltyCards, rewards, userCards } from '@server/db/schema';
import { acceptsVendorMessagesSql } from '@server/modules/notifications/email-permission-sql';
import { rows } from '@server/db/sql-rows';
import { vendorCardIds } from '@server/modules/analytics/vendor-card-ids';

const uc = alias(userCards, 'uc');
const lc = alias(loyaltyCards, 'lc');
const r = alias(rewards, 'r');

export interface AudienceSpec {
  vendorId: string;
  segment: CampaignSegment;
  lapsedDays: number | null;
}

/**
 * The user ids of a segment of the vendor's customers at `now` who accept vendor updates, as a
 * query with one column, `user_id`: the SQL of `inSegment` (src/shared/campaigns.ts), over every
 * holder of one of the vendor's cards (archived cards included, as on the customers page). Null
 * when the vendor has no card at all.
 */
export async function audienceQuery(db: Executor, spec: AudienceSpec, now: Date): Promise<SQL | null> {
  const cardIds = await vendorCardIds(db, spec.vendorId);
  if (cardIds.length === 0) return null;
  const window = segmentWindow(spec.segment, spec.lapsedDays, now);
  const having: Record<CampaignSegment, SQL> = {
    all: sql`true`,
    close_to_reward: sql`bool_or(${uc.status} <> 'completed' and ${lc.stampsRequired} - ${uc.stampsCollected} between 1 and ${window.stampsToGoAtMost})`,
    lapsed: sql`max(coalesce(${uc.lastStampAt}, ${uc.createdAt})) < ${window.lastVisitBefore}`,
    unredeemed_reward: sql`true`,
    joined_this_month: sql`min(${uc.createdAt}) >= ${window.joinedSince}`,
  };
  const rewardFilter =
    spec.segment === 'unredeemed_reward'
      ? sql`and exists (select 1 from ${rewards} as ${r} where ${r.userId} = a.user_id and ${r.vendorId} = ${spec.vendorId}
              and ${r.status} = 'earned' and (${r.expiresAt} is null or ${r.expiresAt} > ${now}))`
      : sql``;
  return sql`select a.user_id from (
      select ${uc.userId} as user_id
      from ${userCards} as ${uc} join ${loyaltyCards} as ${lc} on ${lc.id} = ${uc.cardId}
      where ${uc.cardId} in ${cardIds}
      group by ${uc.userId}
      having ${having[spec.segment]}
    ) a
    where ${acceptsVendorMessagesSql(sql`a.user_id`)} ${rewardFilter}`;
}

/** How many customers the segment reaches now: the composer's live count. */
export async function countAudience(db: Executor, spec: AudienceSpec, now: Date): Promise<number> {
  const query = await audienceQuery(db, spec, now);
  if (!query) return 0;
  const [row] = await rows<{ total: number }>(db, sql`select count(*)::int as total from (${query}) audience`);
  return Number(row?.total ?? 0);
}

/**
 * Of a segment, among those with a verified number, who would get it by WhatsApp and who by SMS
 * (WhatsApp goes first where both are on and the server has it): the composer's count by phone.
 */
export async function countAudienceByPhone(
  db: Executor,
  spec: AudienceSpec,
  channels: { whatsapp: boolean; sms: boolean },
  now: Date,
): Promise<{ whatsapp: number; sms: number }> {
  const query = await audienceQuery(db, spec, now);
  if (!query) return { whatsapp: 0, sms: 0 };
  const whatsapp = channels.whatsapp ? emailPreferences.whatsappVendorUpdates : sql`false`;
  const sms = channels.sms ? emailPreferences.smsVendorUpdates : sql`false`;
  const [row] = await rows<{ whatsapp: number; sms: number }>(
    db,
    sql`select
        (count(*) filter (where ${whatsapp}))::int as whatsapp,
        (count(*) filter (where not ${whatsapp} and ${sms}))::int as sms
      from (${query}) audience
      join ${authUser} on ${authUser.id} = audience.user_id and ${authUser.phoneNumberVerified}
      join ${emailPreferences} on ${emailPreferences.userId} = audience.user_id`,
  );
  return { whatsapp: Number(row?.whatsapp ?? 0), sms: Number(row?.sms ?? 0) };
}

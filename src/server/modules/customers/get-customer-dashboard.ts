import { acceptedPartnersJson } from '@server/modules/cards/partnerships';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CustomerDashboard } from '@shared/customers/customer';
import type { Executor } from '@server/db/client';
import {
  loyaltyCards,
  rewards,
  stampReversals,
  stamps,
  userCards,
  users,
  vendorMembers,
  vendors,
} from '@server/db/schema';
import { qualified } from '@server/db/qualified';
import { vendorPlanHas } from '@server/modules/billing/plan-limits-for-vendor';
import { notFound } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { preparedRead } from '@server/db/prepared-statement';

// The short names this read gives its tables, taken from the schema (ARCHITECTURE.md, Conventions).
const u = alias(users, 'u');
const uc = alias(userCards, 'uc');
const lc = alias(loyaltyCards, 'lc');
const v = alias(vendors, 'v');
const r = alias(rewards, 'r');
const vm = alias(vendorMembers, 'vm');
const sr = alias(stampReversals, 'sr');

/** The most cards the dashboard lists. */
const CARD_LIMIT = 500;

/** An instant as `Date.prototype.toISOString()` writes it (UTC, milliseconds cut, not rounded); null stays null. */
const iso = (instant: SQL | ReturnType<typeof sql.raw>) =>
  sql`to_char((${instant}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Everything but the account's fields, as the JSON the response holds (cards, stats, vendor application). */
type DashboardRow = Omit<CustomerDashboard['account'], 'verificationStatus'> & {
  stats: CustomerDashboard['stats'];
  cards: CustomerDashboard['cards'];
  vendor_application: CustomerDashboard['vendorApplication'];
};

const userIdValue = sql.placeholder('userId');
const nowValue = sql.placeholder('now');

/**
 * Everything /user shows, in one statement (decision 056): the account, the stats, the held cards
 * with their progress, waiting reward and partners, and the vendor application, each built as
 * JSON by PostgreSQL in the response's own shape. Prepared (decision 061): planning it cost three
 * times running it, and its plan is the same for every customer.
 */
const readDashboard = preparedRead<DashboardRow>('customer_dashboard', () => {
  // Each card's minimum interval since the last stamp, from the last stamp as the client sees it
  // (to the millisecond).
  const nextStampAt = sql`date_trunc('milliseconds', ${uc.lastStampAt}) + ${lc.minStampIntervalMinutes} * interval '1 minute'`;
  // Complete when every field of /complete-profile (profileSchema) is filled in.
  const profileComplete = sql`${u.name} <> '' and ${u.surname} <> '' and ${u.phone} is not null and ${u.city} is not null
          and ${u.dateOfBirth} is not null and ${u.gender} is not null`;
  return sql`select ${u.email}, ${u.name}, ${u.surname}, ${u.city}, ${u.phone}, ${u.verified},
          (${profileComplete}) as "profileComplete",
          json_build_object(
            'activeCards', (select count(*)::int from ${userCards} as ${uc} where ${uc.userId} = ${userIdValue} and ${uc.status} = 'active'),
            -- A stamp the shop reversed (decision 086) is not the customer's any more.
            'totalStamps', (select count(*)::int from ${stamps} where ${stamps.userId} = ${userIdValue}
                              and not exists (select 1 from ${stampReversals} as ${sr} where ${sr.stampId} = ${qualified(stamps.id)})),
            'rewardsEarned', earned.rewards,
            'valueSaved', earned.value_saved,
            'valueRedeemed', earned.value_redeemed
          ) as stats,
          (select coalesce(json_agg(held.card order by held.position), '[]'::json) from (
            select row_number() over (
                     -- Rewards waiting to be redeemed first, then the cards used most recently.
                     order by case when ${uc.status} = 'completed' then 0 else 1 end, ${uc.lastStampAt} desc nulls last, ${uc.createdAt} desc
                   ) as position,
                   json_build_object(
                     'id', ${uc.id}, 'cardId', ${lc.id}, 'name', ${lc.name}, 'description', ${lc.description},
                     'cardType', ${lc.cardType}, 'cardStatus', ${lc.status}, 'rewardTitle', ${lc.rewardTitle},
                     'rewardValue', ${lc.rewardValue}, 'stampsCollected', ${uc.stampsCollected},
                     'stampsRequired', ${lc.stampsRequired}, 'status', ${uc.status}, 'isSample', ${uc.isSample},
                     'startedAt', ${iso(sql`${uc.startedAt}`)}, 'completedAt', ${iso(sql`${uc.completedAt}`)},
                     'lastStampAt', ${iso(sql`${uc.lastStampAt}`)},
                     'nextStampAt', case when ${lc.minStampIntervalMinutes} > 0 and ${nextStampAt} > ${nowValue}
                                         then ${iso(nextStampAt)} end,
                     'rewardId', waiting.id, 'rewardExpiresAt', ${iso(sql`waiting.expires_at`)},
                     'reversedStamps', reversed.stamps, 'lastReversedAt', ${iso(sql`reversed.last_at`)},
                     'earnKind', ${lc.earnKind}, 'headStartStamps', ${lc.headStartStamps}, 'milestones', ${lc.milestones},
                     -- Every reward of the card waiting to be redeemed (milestones, points choices), and the points they hold.
                     'waitingRewards', coalesce((
                       select json_agg(json_build_object('id', ${r.id}, 'rewardTitle', ${r.rewardTitle},
                                                         'milestone', coalesce(${r.milestoneAt}, ${r.pointsPrice}, ${lc.stampsRequired}))
                                       order by ${r.earnedAt})
                       from ${rewards} as ${r}
                       where ${r.userId} = ${userIdValue} and ${r.userCardId} = ${uc.id} and ${r.status} = 'earned'
                         and (${r.expiresAt} is null or ${r.expiresAt} > ${nowValue})), '[]'::json),
                     'heldPoints', (select coalesce(sum(${r.pointsPrice}), 0)::int from ${rewards} as ${r}
                                     where ${r.userId} = ${userIdValue} and ${r.userCardId} = ${uc.id} and ${r.status} = 'earned'
                                       and ${r.pointsPrice} is not null and (${r.expiresAt} is null or ${r.expiresAt} > ${nowValue})),
                     'vendor', json_build_object('id', ${v.id}, 'name', ${v.businessName}, 'logo', ${v.logo}, 'slug', ${v.slug}, 'city', ${v.city}),
                     'tier', case when ${lc.tiers} is not null and ${vendorPlanHas('tiers', v)}
                                  then json_build_object('rule', ${lc.tiers}, 'level', ${uc.tierLevel}, 'count', ${uc.tierCount}) end,
                     'partners', ${acceptedPartnersJson(lc.id)}
                   ) as card
            from ${userCards} as ${uc}
            join ${loyaltyCards} as ${lc} on ${lc.id} = ${uc.cardId}
            join ${vendors} as ${v} on ${v.id} = ${lc.vendorId}
            -- The card's earned, not yet redeemed reward, among the customer's own rewards (rewards_user_idx).
            left join lateral (
              select ${r.id}, ${r.expiresAt} from ${rewards} as ${r}
              where ${r.userId} = ${userIdValue} and ${r.userCardId} = ${uc.id} and ${r.status} = 'earned'
              order by ${r.earnedAt} desc limit 1
            ) as waiting on true
            -- Stamps of this card the shop reversed (decision 086), told on the card (stamp_reversals_user_card_idx).
            cross join lateral (
              select count(*)::int as stamps, max(${sr.reversedAt}) as last_at
              from ${stampReversals} as ${sr} where ${sr.userCardId} = ${uc.id}
            ) as reversed
            where ${uc.userId} = ${userIdValue}
            order by position
            limit ${CARD_LIMIT}
          ) as held) as cards,
          (select json_build_object(
                    'vendorId', ${v.id}, 'businessName', ${v.businessName}, 'role', ${vm.role}, 'status', ${v.status},
                    'rejectionReason', ${v.rejectionReason}, 'appliedAt', ${iso(sql`${v.createdAt}`)})
             from ${vendorMembers} as ${vm} join ${vendors} as ${v} on ${v.id} = ${vm.vendorId}
            where ${vm.userId} = ${userIdValue} limit 1) as vendor_application
        from ${users} as ${u}
        cross join lateral (
          select count(*)::int as rewards, coalesce(sum(${r.rewardValue}), 0)::int as value_saved,
                 coalesce(sum(${r.rewardValue}) filter (where ${r.status} = 'redeemed'), 0)::int as value_redeemed
          from ${rewards} as ${r} where ${r.userId} = ${userIdValue} and ${r.status} <> 'withdrawn'
        ) as earned
        where ${u.id} = ${userIdValue}`;
});

export async function getCustomerDashboard(
  db: Executor,
  userId: string,
  options: { demoMode: boolean; now: Date },
): Promise<CustomerDashboard> {
  const [row] = await readDashboard(db, { userId, now: options.now });
  if (!row) throw notFound('Account not found');
  const { stats, cards, vendor_application: vendorApplication, ...account } = row;
  return {
    account: {
      ...account,
      verificationStatus: serverText(
        account.verified ? 'customer:account.verified' : 'customer:account.pendingVerification',
      ),
    },
    stats,
    cards,
    vendorApplication,
    demo: {
      enabled: options.demoMode,
      sampleCardsAvailable: options.demoMode && cards.length === 0,
      hasSampleCards: cards.some((card) => card.isSample),
    },
  };
}

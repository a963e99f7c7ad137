import { and, asc, count, desc, eq, getTableName, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { branchAllowed, type Branch, type BranchFields, type BranchList } from '@shared/vendors/branches';
import type { MapTiles, PublicBranch } from '@shared/marketplace/marketplace';
import { fieldText } from '@shared/field-messages';
import type { Database, Executor, Transaction } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { hiddenPlaceholder, preparedRead } from '@server/db/prepared-statement';
import { branches, stamps, vendorMembers, vendors } from '@server/db/schema';
import { conflict, forbidden, invalidFields, notFound } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { serverText } from '@server/lib/texts';
import { lockOpenVendor } from '@server/modules/billing/vendor-plan';
import { isPublicVendor } from './public-vendor';
import { isWithinLimit, planLimitsForVendor } from '@server/modules/billing/plan-limits-for-vendor';
import { activeBranchesQuery } from '@server/modules/billing/pause-branches-outside-plan';

type BranchRow = typeof branches.$inferSelect;

/** Six decimals are a tenth of a metre: more is a phone's noise, not the shop's place. */
const pinDegrees = (value: number) => Math.round(value * 1e6) / 1e6;

/** "Plan limit reached. Maximum 3 branches allowed.", in the reader's language. */
export function branchLimitMessage(maxBranches: number): string {
  return serverText('vendor:plan.limitBranches', { count: maxBranches });
}

function present(row: BranchRow, stampCount: number): Branch {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    area: row.area,
    position:
      row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
    phone: row.phone,
    whatsapp: row.whatsapp ?? '',
    openingHours: row.openingHours ?? null,
    status: row.status,
    isMain: row.isMain,
    stamps: stampCount,
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

/** The owner's list: every branch, archived ones last, with the stamps given at each. */
export async function listBranches(
  db: Executor,
  { vendorId, userId }: { vendorId: string; userId: string },
  { mapTiles, addressSearch }: { mapTiles: MapTiles; addressSearch: boolean },
): Promise<BranchList> {
  const [vendor] = await db
    .select({ subscriptionPlan: vendors.subscriptionPlan, subscriptionStatus: vendors.subscriptionStatus })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  const rows = await db
    .select()
    .from(branches)
    .where(eq(branches.vendorId, vendorId))
    .orderBy(sql`${branches.archivedAt} is not null`, desc(branches.isMain), asc(branches.createdAt), asc(branches.id));
  const counts =
    rows.length === 0
      ? []
      : await db
          .select({ branchId: stamps.branchId, stamps: count() })
          .from(stamps)
          .where(
            inArray(
              stamps.branchId,
              rows.map((row) => row.id),
            ),
          )
          .groupBy(stamps.branchId);
  const stampsOf = new Map(counts.map((entry) => [entry.branchId, Number(entry.stamps)]));
  const worksAt = await memberBranchIds(db, vendorId, userId);
  return {
    branches: rows.map((row) => present(row, stampsOf.get(row.id) ?? 0)),
    counterBranchIds: rows.filter((row) => isOpen(row) && branchAllowed(worksAt, row.id)).map((row) => row.id),
    maxBranches: planLimitsForVendor(vendor ?? { subscriptionPlan: null, subscriptionStatus: null }).maxBranches,
    mapTiles,
    addressSearch,
  };
}

const isOpen = (row: Pick<BranchRow, 'status' | 'archivedAt'>) => row.status === 'active' && row.archivedAt === null;

/** The branches a member works at (decision 089); null: every branch, as the owner always does. */
async function memberBranchIds(db: Executor, vendorId: string, userId: string | null): Promise<string[] | null> {
  if (userId === null) return null;
  const [member] = await db
    .select({ branchIds: vendorMembers.branchIds })
    .from(vendorMembers)
    .where(and(eq(vendorMembers.vendorId, vendorId), eq(vendorMembers.userId, userId)));
  return member?.branchIds ?? null;
}

/**
 * Where a counter works (decision 089), the one rule for counter codes, stamps and redemptions:
 * the named branch must be the vendor's (else 404, as unknown), open (else 409), and one the
 * staff member works at (else 403). Naming none, a member placed at chosen branches works at the
 * first open one of them, and anyone at a business with one open branch works there; otherwise
 * it names none, as before branches (a card honoured at chosen branches then refuses it,
 * `assertCardHonouredAtBranch`). A point of sale (no member) may name any open branch.
 */
export async function counterBranch(
  db: Executor,
  { vendorId, userId, branchId }: { vendorId: string; userId: string | null; branchId?: string | undefined },
): Promise<string | undefined> {
  const worksAt = await memberBranchIds(db, vendorId, userId);
  if (!branchId) {
    const open = await db
      .select({ id: branches.id })
      .from(branches)
      .where(
        and(
          eq(branches.vendorId, vendorId),
          worksAt === null ? undefined : inArray(branches.id, worksAt),
          eq(branches.status, 'active'),
          isNull(branches.archivedAt),
        ),
      )
      .orderBy(desc(branches.isMain), asc(branches.createdAt), asc(branches.id))
      .limit(2);
    if (worksAt === null) return open.length === 1 ? open[0]!.id : undefined;
    if (!open[0]) throw forbidden(fieldText('forms:branch.noneOpenForYou'));
    return open[0].id;
  }
  const [branch] = await db
    .select({ status: branches.status, archivedAt: branches.archivedAt })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.vendorId, vendorId)));
  if (!branch) throw notFound(fieldText('forms:branch.notFound'));
  if (!isOpen(branch)) throw conflict(fieldText('forms:branch.notAtCounter'), 'conflict');
  if (!branchAllowed(worksAt, branchId)) throw forbidden(fieldText('forms:branch.notYours'));
  return branchId;
}

/** A filter's branch is one of the vendor's own (archived ones keep their history): else a 400 naming `field`. */
export async function assertOwnBranch(db: Executor, vendorId: string, branchId: string, field: string): Promise<void> {
  const [own] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.vendorId, vendorId)));
  if (!own) {
    const message = fieldText('forms:branch.notFound');
    throw invalidFields(message, { [field]: message });
  }
}

/**
 * A list of branches the owner chose (a staff member's, a card's) names only the vendor's own
 * unarchived branches: anything else is a 400 naming `field`, and nothing is saved.
 */
export async function assertChoosableBranches(
  db: Executor,
  vendorId: string,
  branchIds: readonly string[] | null,
  field: string,
): Promise<void> {
  if (branchIds === null) return;
  const found = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.vendorId, vendorId), inArray(branches.id, [...branchIds]), isNull(branches.archivedAt)));
  if (found.length !== branchIds.length) {
    const message = fieldText('forms:branch.notChoosable');
    throw invalidFields(message, { [field]: message });
  }
}

/** The vendor's branches a customer may visit: active, not archived, main first. */
export async function listPublicBranches(db: Executor, vendorId: string): Promise<PublicBranch[]> {
  const rows = await db
    .select()
    .from(branches)
    .where(and(eq(branches.vendorId, vendorId), eq(branches.status, 'active'), isNull(branches.archivedAt)))
    .orderBy(desc(branches.isMain), asc(branches.createdAt), asc(branches.id));
  return rows.map((row) => {
    const { status: _status, isMain: _isMain, stamps: _stamps, archivedAt: _archivedAt, ...shown } = present(row, 0);
    return shown;
  });
}

/** A position in degrees, in Pakistan (the route's schema checked it). */
export interface Position {
  latitude: number;
  longitude: number;
}

/**
 * The branches "near me" counts (decision 088): open (active, not archived) and pinned. Literal
 * constants and qualified names, as the predicate of branches_near_idx, so the planner uses it.
 */
export function isNearBranch(): SQL {
  return sql`(${qualified(branches.latitude)} is not null and ${qualified(branches.archivedAt)} is null and ${qualified(branches.status)} = 'active')`;
}

/**
 * A branch's point on the earth (earthdistance's ll_to_earth of its pin), the generated column
 * branches_near_idx holds with the vendor (migration 0074): outside the Drizzle schema, as it is
 * read only here, by the nearest-neighbour scan.
 */
const branchEarth = sql`${sql.identifier(getTableName(branches))}."earth"`;

/** Where a near-me window looks: the listing's filters on the vendor row. */
export interface NearFilters {
  city?: string;
  categories?: readonly string[];
}

/**
 * What else a near-me window asks of a branch's vendor, before the window is taken (a listing of
 * cards: a public card of the listing's type), so a filter never leaves the window short. `where`
 * is built once into the prepared statement (its values are placeholders, given in `values`).
 */
export interface NearCondition {
  label: string;
  where: () => SQL;
}

/**
 * The vendors of the `window` branches nearest to a position, each with the metres to its
 * nearest one (great circle, earthdistance), as SQL whose values are placeholders (`nearValues`),
 * with the columns (vendor, metres). The branches come from the GiST index in distance order,
 * its points and vendors read from the index alone (migration 0074), filtered on their public
 * vendor (joined) and every filter of the listing, so the window holds the nearest that match and
 * the work is the window's, not the table's.
 * `<->` is the straight line through the earth, which orders as the great circle does; only each
 * vendor's least is turned into metres (sec_to_gc); the position is made into a point once (an
 * initplan). Prepared (decision 061): planning it, with earthdistance's functions to inline, cost
 * more than running it (about 5 ms against 2 ms on 100,000 branches), and its plan is the same
 * index scan whatever the position, so one generic plan serves every customer.
 */
export function nearestVendorsSql(condition?: NearCondition): SQL {
  // Hidden (decision 066): seen by the planner, a window's LIMIT and a null filter made every
  // run's own plan look cheaper than the shared one, and each run was planned afresh.
  const city = hiddenPlaceholder('city', 'text');
  const categories = hiddenPlaceholder('categories', 'text');
  const here = sql`(select ll_to_earth(${sql.placeholder('latitude')}::float8, ${sql.placeholder('longitude')}::float8)::cube)`;
  const chord = sql`${branchEarth} <-> ${here}`;
  return sql`select near.vendor, round(sec_to_gc(min(near.chord)))::int as metres
    from (select ${qualified(branches.vendorId)} as vendor, ${chord} as chord
            from ${branches} join ${vendors} on ${qualified(vendors.id)} = ${qualified(branches.vendorId)}
           where ${isNearBranch()} and ${isPublicVendor()}
             and (${city} is null or ${qualified(vendors.city)} = ${city})
             and (${categories} is null or ${qualified(vendors.businessCategory)} = any(string_to_array(${categories}, ',')))
             ${condition ? sql`and ${condition.where()}` : sql``}
           order by ${chord}
           limit ${hiddenPlaceholder('window', 'int')}) as near
    group by near.vendor`;
}

/** The values of nearestVendorsSql's placeholders. */
export function nearValues(position: Position, filters: NearFilters, window: number) {
  return {
    latitude: position.latitude,
    longitude: position.longitude,
    city: filters.city ?? null,
    categories: filters.categories ? filters.categories.join(',') : null,
    window,
  };
}

const nearestReads = new Map<string, ReturnType<typeof preparedRead<{ vendor: string; metres: number }>>>();

/**
 * The near-me window (above) as a subquery (vendorId, metres) to join, for a listing whose
 * statement is built per request: the window is read first and joined as two comma-separated
 * lists (`unnest` of two text parameters), so that statement is planned without earthdistance.
 */
export async function nearestVendors(
  db: Executor,
  position: Position,
  filters: NearFilters,
  window: number,
  condition?: { of: NearCondition; values: Record<string, unknown> },
) {
  const label = condition?.of.label ?? 'nearest_vendors';
  let read = nearestReads.get(label);
  if (!read) {
    read = preparedRead<{ vendor: string; metres: number }>(label, () => nearestVendorsSql(condition?.of));
    nearestReads.set(label, read);
  }
  const rows = await read(db, { ...nearValues(position, filters, window), ...condition?.values });
  const ids = rows.map((row) => row.vendor).join(',');
  const metres = rows.map((row) => Number(row.metres)).join(',');
  return nearListColumns(
    db,
    sql`unnest(string_to_array(${ids}::text, ',')::uuid[], string_to_array(${metres}::text, ',')::int[]) as near_list(vendor, metres)`,
  );
}

/** The columns of a near-me list joined as `near_vendors`. */
export function nearListColumns(db: Executor, from: SQL) {
  return db
    .select({
      vendorId: sql<string>`near_list.vendor`.as('near_vendor_id'),
      metres: sql<number>`near_list.metres`.as('metres'),
    })
    .from(from)
    .as('near_vendors');
}

/**
 * One more active branch must fit the plan's maxBranches (decision 084), as a card must fit
 * maxCards. The caller holds the vendor row lock, so two additions never overshoot.
 */
async function assertActiveBranchAllowed(
  tx: Transaction,
  vendor: Parameters<typeof planLimitsForVendor>[0],
  vendorId: string,
): Promise<void> {
  const { maxBranches } = planLimitsForVendor(vendor);
  const active = await activeBranchesQuery(tx, vendorId);
  if (!isWithinLimit(maxBranches, active.length))
    throw conflict(branchLimitMessage(maxBranches), 'branch_limit_reached');
}

/** The vendor's branch, locked; another vendor's (or none) is a 404 that says nothing more. */
async function lockOwnBranch(tx: Transaction, vendorId: string, branchId: string): Promise<BranchRow> {
  const [row] = await tx
    .select()
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.vendorId, vendorId)))
    .for('update');
  if (!row) throw notFound(fieldText('forms:branch.notFound'));
  return row;
}

function notArchived(row: BranchRow): void {
  if (row.archivedAt) {
    const message = fieldText('forms:branch.archived');
    throw conflict(message, 'conflict');
  }
}

const columnsOf = (input: BranchFields) => ({
  address: input.address,
  city: input.city,
  area: input.area,
  latitude: pinDegrees(input.position.latitude),
  longitude: pinDegrees(input.position.longitude),
  phone: input.phone,
  whatsapp: input.whatsapp === '' ? null : input.whatsapp,
  openingHours: input.openingHours,
});

interface BranchWrite {
  vendorId: string;
  actor: AuditActor;
}

export async function addBranch(
  db: Database,
  { vendorId, actor, input }: BranchWrite & { input: BranchFields },
  now: Date,
): Promise<Branch> {
  return db.transaction(async (tx) => {
    const vendor = await lockOpenVendor(tx, vendorId);
    await assertActiveBranchAllowed(tx, vendor, vendorId);
    const [row] = await tx
      .insert(branches)
      .values({ vendorId, name: input.name, ...columnsOf(input), createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, { actor, action: 'branch.add', targetType: 'branch', targetId: row!.id, vendorId });
    return present(row!, 0);
  });
}

type VendorRow = Awaited<ReturnType<typeof lockOpenVendor>>;

/**
 * One change to one of the vendor's branches, not archived: the vendor and the branch locked, the
 * change made, the audit action it answers written (none: nothing changed), the branch answered.
 */
async function changeOwnBranch(
  db: Database,
  { vendorId, actor, branchId }: BranchWrite & { branchId: string },
  change: (tx: Transaction, vendor: VendorRow, before: BranchRow) => Promise<'update' | 'archive' | 'resume' | null>,
): Promise<Branch> {
  return db.transaction(async (tx) => {
    const vendor = await lockOpenVendor(tx, vendorId);
    const before = await lockOwnBranch(tx, vendorId, branchId);
    notArchived(before);
    const action = await change(tx, vendor, before);
    if (action) {
      await recordAudit(tx, { actor, action: `branch.${action}`, targetType: 'branch', targetId: branchId, vendorId });
    }
    return (await branchById(tx, branchId))!;
  });
}

/**
 * Saves a branch. The main branch is the vendor's address: its fields are written on the vendor's
 * row (the profile), which the database copies into the branch, so the two stay one.
 */
export async function updateBranch(
  db: Database,
  { input, ...write }: BranchWrite & { branchId: string; input: BranchFields },
  now: Date,
): Promise<Branch> {
  return changeOwnBranch(db, write, async (tx, _vendor, before) => {
    if (before.isMain) {
      await tx
        .update(vendors)
        .set({ ...columnsOf(input), updatedAt: now })
        .where(eq(vendors.id, write.vendorId));
      await tx.update(branches).set({ name: input.name, updatedAt: now }).where(eq(branches.id, write.branchId));
    } else {
      await tx
        .update(branches)
        .set({ name: input.name, ...columnsOf(input), updatedAt: now })
        .where(eq(branches.id, write.branchId));
    }
    return 'update';
  });
}

/** Removes a branch from use and from the public page; its stamps and redemptions keep their branch. */
export async function archiveBranch(
  db: Database,
  write: BranchWrite & { branchId: string },
  now: Date,
): Promise<Branch> {
  return changeOwnBranch(db, write, async (tx, _vendor, before) => {
    if (before.isMain) {
      const message = fieldText('forms:branch.mainNotArchived');
      throw invalidFields(message, { id: message });
    }
    await tx.update(branches).set({ archivedAt: now, updatedAt: now }).where(eq(branches.id, write.branchId));
    return 'archive';
  });
}

/** A branch paused by a smaller plan comes back when the plan has room for it. */
export async function resumeBranch(
  db: Database,
  write: BranchWrite & { branchId: string },
  now: Date,
): Promise<Branch> {
  return changeOwnBranch(db, write, async (tx, vendor, before) => {
    if (before.status !== 'paused') return null;
    await assertActiveBranchAllowed(tx, vendor, write.vendorId);
    await tx.update(branches).set({ status: 'active', updatedAt: now }).where(eq(branches.id, write.branchId));
    return 'resume';
  });
}

async function branchById(db: Executor, branchId: string): Promise<Branch | undefined> {
  const [row] = await db.select().from(branches).where(eq(branches.id, branchId));
  if (!row) return undefined;
  const [counted] = await db.select({ stamps: count() }).from(stamps).where(eq(stamps.branchId, branchId));
  return present(row, Number(counted?.stamps ?? 0));
}

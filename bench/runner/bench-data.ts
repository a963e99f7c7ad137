import pg from 'pg';
import { BENCH_CUSTOMER_COUNT, benchCustomerEmail, databaseNameOf } from '../bench-accounts';

/** The fewest vendors that count as scale data; below it the figures would say nothing. */
const MIN_VENDORS = 1000;

export class MissingScaleData extends Error {}

export interface BenchVendor {
  id: string;
  name: string;
  stamps: number;
  owner: { id: string; email: string };
  /** The card the stamp run issues on: the vendor's most held active stamp card. */
  card: BenchCard;
  /** The points card the points run awards on (seed:scale gives each large vendor one); null without. */
  pointsCard: BenchCard | null;
}

export interface BenchCard {
  id: string;
  name: string;
  intervalMinutes: number;
  stampsRequired: number;
}

/** Reads what the scenarios need from the seeded database, over one short-lived connection. */
export class BenchData {
  private constructor(private readonly client: pg.Client) {}

  static async open(databaseUrl: string): Promise<BenchData> {
    const client = new pg.Client({ connectionString: databaseUrl });
    try {
      await client.connect();
    } catch (error) {
      throw new MissingScaleData(`Cannot reach ${databaseNameOf(databaseUrl)} (${(error as Error).message}).`);
    }
    return new BenchData(client);
  }

  close(): Promise<void> {
    return this.client.end();
  }

  /** Refuses an empty or small database, and one without the bench accounts, with what to run. */
  async assertScaleData(): Promise<{ vendors: number; stamps: number }> {
    const tables = await this.client.query<{ present: boolean }>(
      `select to_regclass('public.vendors') is not null as present`,
    );
    if (!tables.rows[0]?.present) throw new MissingScaleData('The database has no Chaska tables.');
    const counts = await this.client.query<{ vendors: number; stamps: number; accounts: number }>(
      `
      select (select count(*)::int from vendors) as vendors,
             (select reltuples::bigint::int from pg_class where oid = 'stamps'::regclass) as stamps,
             (select count(*)::int from auth_account a join users u on u.id = a.user_id where u.email = $1) as accounts`,
      [benchCustomerEmail(BENCH_CUSTOMER_COUNT)],
    );
    const row = counts.rows[0]!;
    if (row.vendors < MIN_VENDORS)
      throw new MissingScaleData(`The database has ${row.vendors} vendors, fewer than ${MIN_VENDORS}.`);
    if (row.accounts === 0)
      throw new MissingScaleData('The database has no bench accounts (it was not filled by seed:scale).');
    return { vendors: row.vendors, stamps: row.stamps };
  }

  /**
   * Drops the background jobs earlier runs left due and undone (e-mails of their stamps, pushes,
   * automation events): the app's runner would work through them first, and the stamp run's wait
   * for its own jobs and their CPU would count them. Jobs due later (reward reminders) stay.
   */
  async dropJobBacklog(): Promise<number> {
    const dropped = await this.client.query(
      `delete from jobs where status in ('pending', 'running') and run_at <= now()`,
    );
    return dropped.rowCount ?? 0;
  }

  /**
   * Vacuums and analyses the whole database, as autovacuum keeps a production server: earlier runs'
   * writes (or a server with autovacuum off) would otherwise leave dead rows, stale statistics and
   * pages index-only scans must read. Seconds when little changed. Returns how long it took.
   */
  async vacuumAnalyze(): Promise<number> {
    const started = performance.now();
    await this.client.query('vacuum (analyze)');
    return (performance.now() - started) / 1000;
  }

  /**
   * The vendor a bench account owns, with its stamp count. The stamp run and the analytics runs use
   * two different large vendors, so the stamps a run adds never change what the next run measures.
   */
  async vendorOwnedBy(ownerEmail: string): Promise<BenchVendor> {
    const vendor = await this.client.query<{
      id: string;
      name: string;
      stamps: number;
      owner_id: string;
      owner_email: string;
    }>(
      `
      select v.id, v.business_name as name, u.id as owner_id, u.email as owner_email,
             (select count(*)::int from stamps s where s.vendor_id = v.id) as stamps
        from users u
        join vendor_members m on m.user_id = u.id and m.role = 'owner'
        join vendors v on v.id = m.vendor_id
       where u.email = $1
       limit 1`,
      [ownerEmail],
    );
    const row = vendor.rows[0];
    if (!row)
      throw new MissingScaleData(`No vendor is owned by ${ownerEmail} (the database was not filled by seed:scale).`);
    const card = await this.client.query<{ id: string; name: string; interval: number; required: number }>(
      `select c.id, c.name, c.min_stamp_interval_minutes as interval, c.stamps_required as required
         from loyalty_cards c
        where c.vendor_id = $1 and c.status = 'active' and c.card_type <> 'daily_chaska' and c.earn_kind = $2
        order by (select count(*) from user_cards uc where uc.card_id = c.id) desc
        limit 1`,
      [row.id, 'visit'],
    );
    const points = await this.client.query<{ id: string; name: string; interval: number; required: number }>(
      `select c.id, c.name, c.min_stamp_interval_minutes as interval, c.stamps_required as required
         from loyalty_cards c
        where c.vendor_id = $1 and c.status = 'active' and c.earn_kind = 'points'
        limit 1`,
      [row.id],
    );
    const pointsCard = points.rows[0];
    const chosen = card.rows[0];
    if (!chosen) throw new MissingScaleData(`${row.name} has no active stamp card.`);
    return {
      id: row.id,
      name: row.name,
      stamps: row.stamps,
      owner: { id: row.owner_id, email: row.owner_email },
      card: { id: chosen.id, name: chosen.name, intervalMinutes: chosen.interval, stampsRequired: chosen.required },
      pointsCard: pointsCard
        ? {
            id: pointsCard.id,
            name: pointsCard.name,
            intervalMinutes: pointsCard.interval,
            stampsRequired: pointsCard.required,
          }
        : null,
    };
  }

  /**
   * Customers who can take a stamp on the card right now (not its vendor's people, card not
   * completed, last stamp older than the card's interval), in a random order of this run.
   */
  async eligibleCustomers(card: BenchCard, limit: number): Promise<string[]> {
    const result = await this.client.query<{ id: string }>(
      `select u.id from users u
        where u.disabled_at is null
          and not exists (select 1 from vendor_members m where m.user_id = u.id)
          and not exists (
            select 1 from user_cards uc
             where uc.user_id = u.id and uc.card_id = $1
               and (uc.status = 'completed' or uc.last_stamp_at > now() - make_interval(mins => $2)))
        order by md5(u.id || $3)
        limit $4`,
      [card.id, card.intervalMinutes, String(Math.random()), limit],
    );
    return result.rows.map((row) => row.id);
  }

  /** How many cards the given customers hold: the dashboard's work grows with it. */
  async cardsHeld(emails: readonly string[]): Promise<{ fewest: number; most: number }> {
    const result = await this.client.query<{ fewest: number; most: number }>(
      `select coalesce(min(n), 0)::int as fewest, coalesce(max(n), 0)::int as most from (
         select count(uc.id) as n from users u left join user_cards uc on uc.user_id = u.id where u.email = any($1) group by u.id) held`,
      [emails],
    );
    return result.rows[0] ?? { fewest: 0, most: 0 };
  }

  async serverVersion(): Promise<string> {
    const result = await this.client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version ?? 'unknown';
  }
}

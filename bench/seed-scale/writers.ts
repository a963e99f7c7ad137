import pg from 'pg';
import { CopyWriter, type CopyResult } from './copy-writer';

/** Every table the generator fills, with the columns it writes (the others keep their defaults). */
export const SEED_TABLES = {
  auth_user: ['id', 'name', 'surname', 'email', 'email_verified', 'created_at', 'updated_at'],
  auth_account: ['id', 'account_id', 'provider_id', 'user_id', 'password', 'created_at', 'updated_at'],
  users: [
    'id',
    'email',
    'name',
    'surname',
    'verified',
    'phone',
    'city',
    'date_of_birth',
    'gender',
    'created_at',
    'updated_at',
  ],
  email_preferences: [
    'user_id',
    'welcome_emails',
    'stamp_notifications',
    'reward_notifications',
    'daily_chaska',
    'hourly_chaska',
    'vendor_updates',
    'marketing_emails',
    'security_alerts',
    'frequency',
    'unsubscribed',
    'created_at',
    'updated_at',
  ],
  vendors: [
    'id',
    'slug',
    'business_name',
    'business_category',
    'business_description',
    'logo',
    'address',
    'city',
    'area',
    'phone',
    'whatsapp',
    'website',
    'contact_person',
    'contact_email',
    'opening_hours',
    'latitude',
    'longitude',
    'status',
    'rejection_reason',
    'suspension_reason',
    'reviewed_at',
    'closed_at',
    'subscription_plan',
    'subscription_status',
    'subscription_reference',
    'subscription_updated_at',
    'plan_limits',
    'featured_order',
    'created_at',
    'updated_at',
  ],
  vendor_members: ['vendor_id', 'user_id', 'role', 'created_at'],
  // Written here: the vendors trigger that writes a main branch is off during the load.
  branches: [
    'id',
    'vendor_id',
    'name',
    'address',
    'city',
    'area',
    'latitude',
    'longitude',
    'phone',
    'whatsapp',
    'opening_hours',
    'status',
    'is_main',
    'archived_at',
    'created_at',
    'updated_at',
  ],
  loyalty_cards: [
    'id',
    'vendor_id',
    'name',
    'description',
    'card_type',
    'stamps_required',
    'reward_title',
    'reward_description',
    'reward_value',
    'status',
    'min_stamp_interval_minutes',
    'deal_price',
    'original_price',
    'stock_left',
    'deal_ends_at',
    'membership_fee_yearly',
    'featured_order',
    'created_at',
    'updated_at',
    'earn_kind',
    'points_per_100_pkr',
  ],
  user_cards: [
    'id',
    'user_id',
    'card_id',
    'stamps_collected',
    'status',
    'started_at',
    'completed_at',
    'last_stamp_at',
    'created_at',
  ],
  stamps: ['id', 'user_card_id', 'vendor_id', 'card_id', 'user_id', 'qr_code', 'issued_at', 'created_at', 'created_by'],
  rewards: [
    'id',
    'user_id',
    'vendor_id',
    'card_id',
    'user_card_id',
    'reward_title',
    'reward_description',
    'reward_value',
    'status',
    'earned_at',
    'redeemed_at',
    'redeemed_by',
    'created_at',
  ],
  consumed_codes: ['code_id', 'user_id', 'consumed_at'],
} as const satisfies Record<string, readonly string[]>;

export type SeedTable = keyof typeof SEED_TABLES;
export type SeedWriters = Record<SeedTable, CopyWriter>;

export const SEED_TABLE_NAMES = Object.keys(SEED_TABLES) as SeedTable[];

/**
 * One connection and one COPY per table, all open at once: PostgreSQL parses each table's rows
 * in its own backend while this process generates the next ones.
 */
export async function openWriters(
  databaseUrl: string,
): Promise<{ writers: SeedWriters; finish(): Promise<CopyResult[]> }> {
  const clients: pg.Client[] = [];
  const writers = {} as SeedWriters;
  for (const table of SEED_TABLE_NAMES) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // A COPY that fails leaves nothing behind, so losing the last commits on a crash costs nothing.
    await client.query('set synchronous_commit = off');
    clients.push(client);
    writers[table] = new CopyWriter(client, table, SEED_TABLES[table]);
  }
  return {
    writers,
    async finish() {
      try {
        return await Promise.all(SEED_TABLE_NAMES.map((table) => writers[table].finish()));
      } finally {
        await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
      }
    },
  };
}

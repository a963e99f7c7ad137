import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { benchAdminEmail } from '../bench-accounts';

/**
 * The bench admin: an account with the bench password and an admin_users grant. Plain inserts
 * after the load, and a no-op when the account is already there.
 */
export async function ensureBenchAdmin(client: pg.Client, passwordHash: string): Promise<void> {
  const email = benchAdminEmail();
  const id = randomUUID();
  await client.query('begin');
  try {
    const created = await client.query(
      `insert into auth_user (id, name, surname, email, email_verified) values ($1, 'Bench', 'Admin', $2, true)
       on conflict (email) do nothing returning id`,
      [id, email],
    );
    if (created.rowCount === 1) {
      await client.query(
        `insert into users (id, email, name, surname, verified) values ($1, $2, 'Bench', 'Admin', true)`,
        [id, email],
      );
      await client.query('insert into email_preferences (user_id) values ($1)', [id]);
      await client.query(
        `insert into auth_account (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`,
        [randomUUID(), id, passwordHash],
      );
    }
    await client.query(
      `insert into admin_users (email, role, granted_by) values ($1, 'admin', 'seed:scale') on conflict do nothing`,
      [email],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

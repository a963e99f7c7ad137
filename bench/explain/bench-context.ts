import type pg from 'pg';
import { encodeCardCursor, encodeCursor } from '../../src/server/modules/marketplace/keyset-cursor';

/** The people and rows the endpoints are called with, found in the data itself. */
export interface BenchContext {
  vendor: {
    id: string;
    slug: string;
    businessName: string;
    stamps: number;
    ownerEmail: string;
    cardId: string;
    city: string;
  };
  customerEmail: string;
  adminEmail: string;
  /** A customer of the vendor, for the detail page and the search box. */
  vendorCustomer: { id: string; name: string };
  /** Keyset cursors half-way down the card and vendor listings. */
  deepCardCursor: string;
  deepVendorCursor: string;
  counts: { vendors: number; users: number; cards: number; customersOfVendor: number };
  searchTerms: { vendorName: string; userName: string; cardName: string };
}

export interface ContextOptions {
  /** The owner of the vendor whose pages are measured. */
  vendorOwnerEmail: string;
  customerEmail: string;
  adminEmail: string;
}

async function one<T extends pg.QueryResultRow>(client: pg.Client, text: string, values: unknown[] = []): Promise<T> {
  const result = await client.query<T>(text, values);
  const row = result.rows[0];
  if (!row)
    throw new Error(
      `The database has no row for: ${text.replace(/\s+/g, ' ').slice(0, 120)} ${JSON.stringify(values)}`,
    );
  return row;
}

/** First word of a name, lower case: a search term that matches more than one row. */
function firstWord(text: string): string {
  return (text.split(/\s+/)[0] ?? text).toLowerCase();
}

export async function findBenchContext(client: pg.Client, options: ContextOptions): Promise<BenchContext> {
  const vendor = await one<{
    id: string;
    slug: string;
    business_name: string;
    city: string;
    stamps: number;
    owner_email: string;
  }>(
    client,
    `select v.id, v.slug, v.business_name, v.city, (select count(*)::int from stamps s where s.vendor_id = v.id) as stamps, u.email as owner_email
     from users u join vendor_members m on m.user_id = u.id and m.role = 'owner' join vendors v on v.id = m.vendor_id
     where u.email = $1`,
    [options.vendorOwnerEmail],
  );
  const card = await one<{ id: string }>(
    client,
    `select s.card_id as id from stamps s where s.vendor_id = $1 group by s.card_id order by count(*) desc limit 1`,
    [vendor.id],
  );
  const customerEmail = options.customerEmail;
  const adminEmail = options.adminEmail;
  const vendorCustomer = await one<{ id: string; name: string; surname: string }>(
    client,
    `select u.id, u.name, u.surname from stamps s join users u on u.id = s.user_id
     where s.vendor_id = $1 order by s.issued_at desc limit 1`,
    [vendor.id],
  );
  const cardsTotal = await one<{ count: number }>(
    client,
    `select count(*)::int as count from loyalty_cards where status = 'active'`,
  );
  const deepCard = await one<{ created_at: string; id: string }>(
    client,
    `select created_at::text as created_at, id from loyalty_cards where status = 'active'
     order by created_at desc, id desc offset $1 limit 1`,
    [Math.floor(cardsTotal.count / 2)],
  );
  const vendorsTotal = await one<{ count: number }>(
    client,
    `select count(*)::int as count from vendors where status = 'approved' and closed_at is null`,
  );
  const deepVendor = await one<{ business_name: string; id: string }>(
    client,
    `select business_name, id from vendors where status = 'approved' and closed_at is null
     order by business_name, id offset $1 limit 1`,
    [Math.floor(vendorsTotal.count / 2)],
  );
  const counts = await one<{ vendors: number; users: number; cards: number; customers: number }>(
    client,
    `select (select count(*)::int from vendors) as vendors, (select count(*)::int from users) as users,
            (select count(*)::int from loyalty_cards) as cards,
            (select count(distinct uc.user_id)::int from user_cards uc join loyalty_cards c on c.id = uc.card_id where c.vendor_id = $1) as customers`,
    [vendor.id],
  );
  const anyCard = await one<{ name: string }>(
    client,
    `select name from loyalty_cards where vendor_id = $1 order by created_at limit 1`,
    [vendor.id],
  );
  return {
    vendor: {
      id: vendor.id,
      slug: vendor.slug,
      businessName: vendor.business_name,
      stamps: vendor.stamps,
      ownerEmail: vendor.owner_email,
      cardId: card.id,
      city: vendor.city,
    },
    customerEmail,
    adminEmail,
    vendorCustomer: { id: vendorCustomer.id, name: `${vendorCustomer.name} ${vendorCustomer.surname}`.trim() },
    deepCardCursor: encodeCardCursor({ tier: 2, featuredOrder: null, createdAt: deepCard.created_at, id: deepCard.id }),
    deepVendorCursor: encodeCursor([deepVendor.business_name, deepVendor.id]),
    counts: { vendors: counts.vendors, users: counts.users, cards: counts.cards, customersOfVendor: counts.customers },
    searchTerms: {
      vendorName: firstWord(vendor.business_name),
      userName: firstWord(vendorCustomer.surname || vendorCustomer.name),
      cardName: firstWord(anyCard.name),
    },
  };
}

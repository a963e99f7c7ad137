import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { qualified } from './qualified';
import { loyaltyCards, userCards } from './schema';

describe('qualified', () => {
  it('writes a column with its table, from the schema objects', () => {
    const dialect = new PgDialect();
    expect(dialect.sqlToQuery(qualified(userCards.cardId)).sql).toBe('"user_cards"."card_id"');
    expect(dialect.sqlToQuery(qualified(loyaltyCards.id)).sql).toBe('"loyalty_cards"."id"');
  });
});

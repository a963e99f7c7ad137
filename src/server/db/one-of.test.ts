import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { VENDOR_STATUSES } from '@shared/vendors/vendors';
import { vendors } from './schema';
import { oneOf } from './one-of';

describe('oneOf', () => {
  const dialect = new PgDialect();

  it('writes the shared list as the literal list of a check constraint', () => {
    const { sql, params } = dialect.sqlToQuery(oneOf(vendors.status, VENDOR_STATUSES));
    expect(sql).toBe(`"vendors"."status" in ('pending', 'approved', 'rejected', 'suspended')`);
    expect(params).toEqual([]);
  });

  it('doubles a quote inside a value', () => {
    expect(dialect.sqlToQuery(oneOf(vendors.city, ["O'Hara"])).sql).toBe(`"vendors"."city" in ('O''Hara')`);
  });
});

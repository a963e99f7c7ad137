import { DASHBOARD_RANGES, ANALYTICS_RANGES } from '../../src/shared/analytics/vendor-analytics';
import { CARD_LISTING_TYPES } from '../../src/shared/marketplace/marketplace-display';
import { CATEGORY_GROUP_IDS } from '../../src/shared/places';
import type { BenchContext } from './bench-context';

export type Persona = 'visitor' | 'customer' | 'vendor' | 'admin';

export interface Endpoint {
  /** File name of its plans: bench/explain/plans/<name>.txt */
  name: string;
  persona: Persona;
  url: string;
}

const ADMIN_PAGE_SIZE = 20;
const CUSTOMER_PAGE_SIZE = 25;

function query(parameters: Record<string, string | number | undefined>): string {
  const entries = Object.entries(parameters).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined,
  );
  return entries.length
    ? `?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString()}`
    : '';
}

function middlePage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize / 2));
}

/** Every list and count endpoint of issue 10, with each filter, a deep page and a search. */
export function listEndpoints(context: BenchContext): Endpoint[] {
  const { vendor } = context;
  const endpoints: Endpoint[] = [];
  const add = (name: string, persona: Persona, url: string) => endpoints.push({ name, persona, url });

  // The landing page and the public listings, as an anonymous visitor.
  add('marketplace-stats', 'visitor', '/api/marketplace/stats');
  add('marketplace-vendors', 'visitor', '/api/marketplace/vendors');
  add('marketplace-vendors-city', 'visitor', `/api/marketplace/vendors${query({ city: vendor.city })}`);
  add('marketplace-vendors-deep', 'visitor', `/api/marketplace/vendors${query({ cursor: context.deepVendorCursor })}`);
  // Near me (issue 43): a first page of 20 from a point in Lahore's busiest streets.
  add('marketplace-vendors-near', 'visitor', `/api/marketplace/vendors${query({ lat: 31.52, lng: 74.35, limit: 20 })}`);
  for (const type of CARD_LISTING_TYPES) {
    add(`marketplace-cards-${type}`, 'visitor', `/api/marketplace/cards${query({ type })}`);
    add(
      `marketplace-cards-${type}-deep`,
      'visitor',
      `/api/marketplace/cards${query({ type, cursor: context.deepCardCursor })}`,
    );
  }
  for (const category of CATEGORY_GROUP_IDS.filter((id) => id !== 'all')) {
    add(`marketplace-cards-category-${category}`, 'visitor', `/api/marketplace/cards${query({ category })}`);
  }
  add('marketplace-cards-city', 'visitor', `/api/marketplace/cards${query({ city: vendor.city })}`);
  add(
    'marketplace-cards-city-category',
    'visitor',
    `/api/marketplace/cards${query({ city: vendor.city, category: 'food' })}`,
  );
  add(
    'marketplace-cards-city-deep',
    'visitor',
    `/api/marketplace/cards${query({ city: vendor.city, cursor: context.deepCardCursor })}`,
  );
  add('marketplace-vendor-page', 'visitor', `/api/marketplace/vendors/${vendor.slug}`);
  add('marketplace-vendor-page-cards', 'visitor', `/api/marketplace/cards${query({ vendor: vendor.slug })}`);
  add('marketplace-cards-signed-in', 'customer', '/api/marketplace/cards');

  // The customer's /user dashboard.
  add('customer-dashboard', 'customer', '/api/customer/dashboard');

  // The owner of the vendor with the most stamps.
  for (const range of DASHBOARD_RANGES)
    add(`vendor-dashboard-${range}`, 'vendor', `/api/vendor/dashboard${query({ range })}`);
  for (const range of ANALYTICS_RANGES) {
    add(`vendor-analytics-${range}`, 'vendor', `/api/vendor/analytics${query({ range })}`);
    add(`vendor-analytics-health-${range}`, 'vendor', `/api/vendor/analytics/health${query({ range })}`);
  }
  add('vendor-analytics-1y-card', 'vendor', `/api/vendor/analytics${query({ range: '1y', cardId: vendor.cardId })}`);
  add('vendor-customers-summary', 'vendor', '/api/vendor/customers/summary');
  add('vendor-customers', 'vendor', '/api/vendor/customers');
  add(
    'vendor-customers-deep',
    'vendor',
    `/api/vendor/customers${query({ page: middlePage(context.counts.customersOfVendor, CUSTOMER_PAGE_SIZE), pageSize: CUSTOMER_PAGE_SIZE })}`,
  );
  add('vendor-customers-search', 'vendor', `/api/vendor/customers${query({ search: context.searchTerms.userName })}`);
  for (const sort of ['name', 'stamps', 'joined'] as const)
    add(`vendor-customers-sort-${sort}`, 'vendor', `/api/vendor/customers${query({ sort })}`);
  for (const status of ['active', 'inactive', 'completed'] as const)
    add(`vendor-customers-${status}`, 'vendor', `/api/vendor/customers${query({ status })}`);
  add('vendor-customers-card', 'vendor', `/api/vendor/customers${query({ cardId: vendor.cardId })}`);
  add('vendor-customer-detail', 'vendor', `/api/vendor/customers/${context.vendorCustomer.id}`);
  add('vendor-cards', 'vendor', '/api/vendor/cards');

  // The admin area.
  add('admin-stats', 'admin', '/api/admin/stats');
  add('admin-top-vendors', 'admin', '/api/admin/top-vendors');
  add('admin-activity', 'admin', '/api/admin/activity?limit=10');
  for (const range of ['30', '90'] as const)
    add(`admin-analytics-${range}`, 'admin', `/api/admin/analytics${query({ range })}`);
  add('admin-vendors-summary', 'admin', '/api/admin/vendors/summary');
  add('admin-vendor-applications', 'admin', '/api/admin/vendor-applications');
  add('admin-vendors', 'admin', '/api/admin/vendors');
  for (const status of ['approved', 'pending', 'suspended', 'rejected'] as const)
    add(`admin-vendors-${status}`, 'admin', `/api/admin/vendors${query({ status })}`);
  add('admin-vendors-category-plan', 'admin', `/api/admin/vendors${query({ category: 'cafe', plan: 'premium' })}`);
  add('admin-vendors-search', 'admin', `/api/admin/vendors${query({ search: context.searchTerms.vendorName })}`);
  add(
    'admin-vendors-deep',
    'admin',
    `/api/admin/vendors${query({ page: middlePage(context.counts.vendors, ADMIN_PAGE_SIZE) })}`,
  );
  add('admin-vendor-options', 'admin', `/api/admin/vendor-options${query({ search: context.searchTerms.vendorName })}`);
  add('admin-users', 'admin', '/api/admin/users');
  add('admin-users-search', 'admin', `/api/admin/users${query({ search: context.searchTerms.userName })}`);
  add('admin-users-disabled', 'admin', `/api/admin/users${query({ status: 'disabled' })}`);
  add(
    'admin-users-deep',
    'admin',
    `/api/admin/users${query({ page: middlePage(context.counts.users, ADMIN_PAGE_SIZE) })}`,
  );
  add('admin-cards', 'admin', '/api/admin/cards');
  add('admin-cards-filtered', 'admin', `/api/admin/cards${query({ status: 'active', type: 'exclusive' })}`);
  add('admin-cards-search', 'admin', `/api/admin/cards${query({ search: context.searchTerms.cardName })}`);
  add('admin-cards-vendor', 'admin', `/api/admin/cards${query({ vendorId: vendor.id })}`);
  add(
    'admin-cards-deep',
    'admin',
    `/api/admin/cards${query({ page: middlePage(context.counts.cards, ADMIN_PAGE_SIZE) })}`,
  );
  add('admin-exclusives', 'admin', '/api/admin/exclusives');
  return endpoints;
}

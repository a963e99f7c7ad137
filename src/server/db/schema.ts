// Every table, for drizzle-kit and the typed client; one file per table under schema/.
export * from './schema/auth';
export * from './schema/users';
export * from './schema/account-links';
export * from './schema/admin-users';
export * from './schema/vendors';
export * from './schema/loyalty-cards';
export * from './schema/user-cards';
export * from './schema/stamps';
export * from './schema/rewards';
export * from './schema/email';
export * from './schema/billing';
export * from './schema/platform';
export * from './schema/card-partners';
export * from './schema/vendor-api';
export * from './schema/wallet';
export * from './schema/push';

/**
 * Cached answers that screens of several features refresh: one key each, below the features, so
 * a feature that changes the data need not import the feature that shows it.
 */
export const CUSTOMER_DASHBOARD_KEY = ['customer', 'dashboard'] as const;
export const VENDOR_DASHBOARD_KEY = ['vendor', 'dashboard'] as const;

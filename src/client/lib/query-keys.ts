/**
 * Cached answers that screens of several features refresh: one key each, below the features, so
 * a feature that changes the data need not import the feature that shows it.
 */
export const CUSTOMER_DASHBOARD_KEY = ['customer', 'dashboard'] as const;
export const VENDOR_DASHBOARD_KEY = ['vendor', 'dashboard'] as const;

/** The vendor's branches (decision 084): the Branches page and the counter's branch choice share them. */
export const VENDOR_BRANCHES_KEY = ['vendor', 'branches'] as const;

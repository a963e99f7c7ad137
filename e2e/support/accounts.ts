/** The admin address the end-to-end server grants through ADMIN_EMAILS. */
export const E2E_ADMIN_EMAIL = 'admin@e2e.chaska.test';

export const E2E_PASSWORD = 'karahi-and-chai-42';

/** The Apple Wallet pass type of the journeys' server (its certificates are made at start). */
export const E2E_PASS_TYPE_ID = 'pass.test.chaska.e2e';

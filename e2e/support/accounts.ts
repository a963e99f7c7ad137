/** The admin address the end-to-end server grants through ADMIN_EMAILS. */
export const E2E_ADMIN_EMAIL = 'admin@e2e.chaska.test';

export const E2E_PASSWORD = 'karahi-and-chai-42';

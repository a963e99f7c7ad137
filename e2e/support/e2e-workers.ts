/**
 * How many journeys run at once, each worker against an app and a database of its own (the
 * global setup starts one per worker, e2e/support/server.ts finds a worker's). Two: the journeys
 * wait on the browser and the server far more than they compute, so a second fills the other core.
 */
export const E2E_WORKERS = 2;

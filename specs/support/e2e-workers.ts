/**
 * How many browser test files run at once (the e2e project's workers): the global setup starts
 * one shared server for each (specs/support/e2e-global-setup.ts).
 */
export const E2E_WORKERS = 2;

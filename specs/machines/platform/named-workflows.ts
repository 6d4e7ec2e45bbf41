/**
 * The named workflows: the machines whose every state carries an expectation written from the
 * spec (or a written reason) and whose generated mutants are at least 90% killed. The paths report
 * and the generated-mutants spec read this list.
 */
import type { ModelSpec } from '../../support/model-paths.js';
import { workerApprovalModel } from '../contractors/worker-approval.model.js';

export const namedWorkflows: ModelSpec[] = [workerApprovalModel as ModelSpec];

/** The targets: every state with an expectation or a reason, and this share of mutants killed. */
export const TARGET = { expectations: 1, mutantsKilled: 0.9 } as const;

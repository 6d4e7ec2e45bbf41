/** Generated mutants of the worker request (see generated-mutants.spec.ts): a file of its own, the second slowest. */
import { generatedMutantsOf, workflowsNamed } from './generated-mutants-suite.js';

generatedMutantsOf(workflowsNamed(['workerRequest']));

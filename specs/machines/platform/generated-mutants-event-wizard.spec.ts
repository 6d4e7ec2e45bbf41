/** Generated mutants of the event wizard (see generated-mutants.spec.ts): a file of its own, the slowest. */
import { generatedMutantsOf, workflowsNamed } from './generated-mutants-suite.js';

generatedMutantsOf(workflowsNamed(['eventWizard']));

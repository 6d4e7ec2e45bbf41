/**
 * Generated mutants of the named workflows: for every transition, a copy of the machine that drops
 * its actions, goes to a sibling state or inverts its guard. The model's generated paths must kill
 * (fail a spec expectation on) at least 90% of them; each survivor left is listed in
 * `survivors.ts` with the reason no expectation can see it. The slowest workflows run in spec
 * files of their own (generated-mutants-*.spec.ts); this file runs every other one.
 */
import { generatedMutantsOf, OWN_FILE } from './generated-mutants-suite.js';
import { namedWorkflows } from './named-workflows.js';

generatedMutantsOf(namedWorkflows.filter((m) => !(OWN_FILE as readonly string[]).includes(m.name)));

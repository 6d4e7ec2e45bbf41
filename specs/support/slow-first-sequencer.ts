import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The spec files known to take longest, slowest first. Vitest orders files by the durations it
 * remembers from earlier runs, and a fresh clone remembers none: it would start these last, and
 * one worker would run them alone at the end while the other waits. Started first, the two
 * workers finish together.
 */
const SLOW_FIRST = [
  /generated-mutants-event-wizard\.spec/,
  /generated-mutants-worker-request\.spec/,
  /devices\.view\.spec/,
  /users\.view\.spec/,
  /catalogue-list\.view\.spec/,
  /event-wizard\.model\.spec/,
  /platform\/mutations\.spec/,
  /workers-mutations\.spec/,
  /generated-mutants\.spec/,
  /reports\.view\.spec/,
  /worker-request\.model\.spec/,
  /small-screens\.browser\.spec/,
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = SLOW_FIRST.findIndex((pattern) => pattern.test(file.moduleId));
      return at < 0 ? SLOW_FIRST.length : at;
    };
    // Array.prototype.sort is stable: files of the same rank keep the base order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

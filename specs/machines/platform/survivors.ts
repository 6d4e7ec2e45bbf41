/**
 * Generated mutants no expectation kills, per machine, with the reason: a change the spec cannot
 * tell apart from the real machine (an equivalent mutant) or one no path can observe.
 */
export const knownSurvivors: Record<string, Record<string, string>> = {};

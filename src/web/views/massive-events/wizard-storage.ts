import type { EventWizardContext, EventWizardInput } from '../../../../machines/massive-events/event-wizard.machine.js';

const KEY = 'porton.eventWizard';

/** The open session of /create: kept so a closed browser can resume or discard it. */
export const wizardStorage = {
  read(token: string | null): EventWizardInput['saved'] {
    try {
      const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as {
        step: 'step1' | 'step2' | 'step3';
        context: EventWizardContext;
      } | null;
      if (!saved || !['step1', 'step2', 'step3'].includes(saved.step) || typeof saved.context !== 'object') return null;
      // Only a session that changed something is worth offering; an edit session only for the same event.
      if (!saved.context.active || saved.context.token !== token) return null;
      return saved;
    } catch {
      return null;
    }
  },
  write(step: string, context: EventWizardContext) {
    if (context.active) localStorage.setItem(KEY, JSON.stringify({ step, context }));
  },
  forget() {
    localStorage.removeItem(KEY);
  },
};

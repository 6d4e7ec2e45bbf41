import type { ContentKind } from '../../src/shared/content/content-rules.js';
import { contentRules, emptyContent } from './content-form-rules.js';
import type { FormValues } from '../platform/form-rules.js';
import { formScreenMachine } from '../platform/form-screen.machine.js';
import { withNoticeRules } from './notice-form.machine.js';

/**
 * The form of each content kind: the notice form (the skeleton with the segmentation
 * cascade), or the form skeleton itself with the newsletter's or the promotion's rules. Models give
 * other starting values; the page provides the calls and the navigation.
 */
export function contentFormMachine(kind: ContentKind, initial: () => FormValues = () => emptyContent(kind)) {
  if (kind === 'notices') return withNoticeRules(initial);
  return formScreenMachine.provide(contentRules(kind, initial));
}

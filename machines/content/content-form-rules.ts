/**
 * The rules of the content forms ('Nuevo aviso', 'Nuevo boletín', 'Nueva promoción'): each kind's schema and starting values for the form skeleton, a stored post as form values,
 * and the optional image (jpeg or png) in place of the skeleton's logo check.
 */
import { assertEvent, assign } from 'xstate';
import { imageProblem, newsletterTypeCode, type ContentKind } from '../../src/shared/content/content-rules.js';
import type { ContentAnswer, NewsletterAnswer, NoticeAnswer } from '../../src/shared/content/content.answer.js';
import {
  NewsletterFormSchema,
  NoticeFormSchema,
  PromotionFormSchema,
} from '../../src/shared/content/content.schema.js';
import { formRules, type FormValues } from '../platform/form-rules.js';
import { type FormEvent, formScreenSetup } from '../platform/form-screen.machine.js';

const SCHEMAS = {
  notices: NoticeFormSchema,
  newsletters: NewsletterFormSchema,
  promotions: PromotionFormSchema,
} as const;

/** The empty form of each kind. A notice starts segmented: 'Para todo el fraccionamiento' is unchecked until checked. */
export function emptyContent(kind: ContentKind): FormValues {
  const common = {
    title: '',
    description: '',
    contactName: '',
    contactPhone: '',
    contactEmail: '',
    contactLink: '',
    startDate: '',
    endDate: '',
  };
  if (kind === 'notices') return { ...common, segmented: true, idZone: '', idStreet: '', idResident: '' };
  if (kind === 'newsletters') return { ...common, type: '' };
  return common;
}

/** A stored post as form values (edit mode). A notice shows its first zone, street and resident. */
export function contentFormValues(kind: ContentKind, post: ContentAnswer): FormValues {
  const values: FormValues = {
    title: post.title,
    description: post.description,
    contactName: post.contactName ?? '',
    contactPhone: post.contactPhone ?? '',
    contactEmail: post.contactEmail ?? '',
    contactLink: post.contactLink ?? '',
    startDate: post.startDate,
    endDate: post.endDate,
  };
  if (kind === 'newsletters')
    return { ...values, type: String(newsletterTypeCode((post as NewsletterAnswer).typeId) ?? '') };
  if (kind === 'notices') {
    const notice = post as NoticeAnswer;
    return {
      ...values,
      segmented: notice.segmented,
      idZone: notice.zones?.[0]?.idZone ?? '',
      idStreet: notice.streets?.[0]?.idStreet ?? '',
      idResident: notice.residents?.[0]?.idResident ?? '',
    };
  }
  return values;
}

/** The image check in place of the logo's: jpeg or png, at most 5 MB (the server reads the content). */
const imageImplementations = {
  guards: {
    isAcceptableLogo: ({ event }: { event: FormEvent }) =>
      event.type === 'logo.pick' && imageProblem(event.file) === null,
  },
  actions: {
    refusePickedLogo: formScreenSetup.createAction(
      assign(({ context, event }) => {
        assertEvent(event, 'logo.pick');
        return { errors: { ...context.errors, logo: imageProblem(event.file)! } };
      }),
    ),
  },
};

/** The implementations the form skeleton's `provide` takes for a content kind (its `initial` may be replaced by models). */
export function contentRules(kind: ContentKind, initial: () => FormValues = () => emptyContent(kind)) {
  const rules = formRules({ schema: SCHEMAS[kind], initial, logo: true });
  return {
    guards: { ...rules.guards, ...imageImplementations.guards },
    actions: { ...rules.actions, ...imageImplementations.actions },
  };
}

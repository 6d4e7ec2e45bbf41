import { assertEvent, assign, enqueueActions } from 'xstate';
import type { FormValues } from '../platform/form-rules.js';
import { createFormScreen, type formScreenMachine } from '../platform/form-screen.machine.js';
import { contentRules } from './content-form-rules.js';
import { noticeSegmentsMachine } from './notice-segments.machine.js';

/** The selectors the cascade feeds, widest first; choosing one empties those after it. */
const SEGMENT_FIELDS = ['idZone', 'idStreet', 'idResident'] as const;

const noticeForm = createFormScreen('noticeForm');

const isSegmentField = (name: string): name is (typeof SEGMENT_FIELDS)[number] =>
  (SEGMENT_FIELDS as readonly string[]).includes(name);
const idOf = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/**
 * 'Nuevo aviso' / 'Editar aviso': the one form skeleton with the notice's
 * rules, plus the segmentation: the cascade child (`segments`, machines/content/notice-segments.machine.ts)
 * spawned once the values are known, told each zone and street chosen; choosing a zone empties
 * the street and the resident, choosing a street empties the resident; checking 'Para todo el
 * fraccionamiento' (`segmented` false) clears the three selectors' validation (the view disables them).
 */
const noticeImplementations = {
  actors: { formPart: noticeSegmentsMachine },
  actions: {
    /** Adding: the cascade starts empty at once; editing: once the notice has loaded (`afterLoad`). */
    startParts: enqueueActions(({ context, enqueue }) => {
      if (context.id === null)
        enqueue.spawnChild('formPart', { id: 'segments', input: { idZone: null, idStreet: null } });
    }),
    afterLoad: enqueueActions(({ context, enqueue }) => {
      enqueue.spawnChild('formPart', {
        id: 'segments',
        input: { idZone: idOf(context.values.idZone), idStreet: idOf(context.values.idStreet) },
      });
    }),
    editField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const values: FormValues = { ...context.values, [event.name]: event.value };
      const cleared = isSegmentField(event.name) ? SEGMENT_FIELDS.slice(SEGMENT_FIELDS.indexOf(event.name) + 1) : [];
      for (const name of cleared) values[name] = '';
      const dropped = event.name === 'segmented' ? [...SEGMENT_FIELDS, 'segmented'] : [event.name, ...cleared];
      const errors = Object.fromEntries(Object.entries(context.errors).filter(([key]) => !dropped.includes(key)));
      return { values, errors };
    }),
    /** A zone or a street chosen is told to the cascade. */
    afterFieldChange: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'field.change');
      if (event.name === 'idZone')
        enqueue.sendTo('segments', {
          type: 'zone.choose',
          idZone: context.values.idZone === '' ? '' : Number(context.values.idZone),
        });
      if (event.name === 'idStreet')
        enqueue.sendTo('segments', {
          type: 'street.choose',
          idStreet: context.values.idStreet === '' ? '' : Number(context.values.idStreet),
        });
    }),
  },
} satisfies Parameters<typeof formScreenMachine.provide>[0];

/** The notice form with its rules (models may give other starting values). */
export const withNoticeRules = (initial?: () => FormValues) => {
  const rules = contentRules('notices', initial);
  return noticeForm.provide({
    actors: noticeImplementations.actors,
    guards: rules.guards,
    actions: { ...rules.actions, ...noticeImplementations.actions },
  });
};

/** What the page provides the calls and the navigation to. */
export const noticeFormMachine = withNoticeRules();

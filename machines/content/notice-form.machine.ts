import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { FormValues } from '../platform/form-rules.js';
import { formScreenMachine, type FormContext, type FormEvent, type FormInput, type FormOutput, type LoadedForm, type SaveInput } from '../platform/form-screen.machine.js';
import { contentRules } from './content-form-rules.js';
import { noticeSegmentsMachine } from './notice-segments.machine.js';

/** The selectors the cascade feeds, widest first; choosing one empties those after it. */
const SEGMENT_FIELDS = ['idZone', 'idStreet', 'idResident'] as const;

const skeleton = formScreenMachine.config as any;
const skeletonImpl = formScreenMachine.implementations as any;

const idOf = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/**
 * 'Nuevo aviso' / 'Editar aviso' (spec 3 §2, §4, §5): the one form skeleton with the notice's
 * rules, plus the segmentation: the cascade child (`segments`, machines/content/notice-segments.machine.ts)
 * spawned once the values are known, told each zone and street chosen; choosing a zone empties
 * the street and the resident, choosing a street empties the resident; checking 'Para todo el
 * fraccionamiento' (`segmented` false) clears the three selectors' validation (the view disables them).
 */
const noticeFormSkeleton = setup({
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
    input: {} as FormInput,
    output: {} as FormOutput,
  },
  actors: {
    ...(skeletonImpl.actors as {}),
    loadForm: fromPromise<LoadedForm, { id: string | null; row: Record<string, unknown> | null }>(async () => { throw new Error('not provided'); }),
    saveRecord: fromPromise<unknown, SaveInput>(async () => { throw new Error('not provided'); }),
    noticeSegments: noticeSegmentsMachine,
  },
  guards: {
    ...(skeletonImpl.guards as {}),
    isZoneField: ({ event }) => event.type === 'field.change' && event.name === 'idZone',
    isStreetField: ({ event }) => event.type === 'field.change' && event.name === 'idStreet',
  },
  actions: {
    ...(skeletonImpl.actions as {}),
    /** Adding: the cascade starts empty at once; editing: once the notice has loaded (`startSegments`). */
    startParts: enqueueActions(({ context, enqueue }) => {
      if (context.id === null) enqueue.spawnChild('noticeSegments', { id: 'segments', input: { idZone: null, idStreet: null } });
    }),
    startSegments: enqueueActions(({ context, enqueue }) => {
      enqueue.spawnChild('noticeSegments', { id: 'segments', input: { idZone: idOf(context.values.idZone), idStreet: idOf(context.values.idStreet) } });
    }),
    editField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const values: FormValues = { ...context.values, [event.name]: event.value };
      const cleared = SEGMENT_FIELDS.slice(SEGMENT_FIELDS.indexOf(event.name as never) + 1);
      if ((SEGMENT_FIELDS as readonly string[]).includes(event.name)) for (const name of cleared) values[name] = '';
      const dropped = event.name === 'segmented' ? [...SEGMENT_FIELDS, 'segmented'] : [event.name, ...((SEGMENT_FIELDS as readonly string[]).includes(event.name) ? cleared : [])];
      const errors = Object.fromEntries(Object.entries(context.errors).filter(([key]) => !dropped.includes(key)));
      return { values, errors };
    }),
    chooseZone: enqueueActions(({ context, enqueue }) => {
      enqueue.sendTo('segments', { type: 'zone.choose', idZone: context.values.idZone === '' ? '' : Number(context.values.idZone) });
    }),
    chooseStreet: enqueueActions(({ context, enqueue }) => {
      enqueue.sendTo('segments', { type: 'street.choose', idStreet: context.values.idStreet === '' ? '' : Number(context.values.idStreet) });
    }),
  },
}).createMachine({
  ...skeleton,
  id: 'noticeForm',
  states: {
    ...skeleton.states,
    loading: {
      invoke: {
        ...skeleton.states.loading.invoke,
        onDone: { target: 'editing', actions: ['assignLoaded', 'startSegments'] },
      },
    },
    editing: {
      on: {
        ...skeleton.states.editing.on,
        'field.change': [
          { guard: 'isZoneField', actions: ['editField', 'chooseZone'] },
          { guard: 'isStreetField', actions: ['editField', 'chooseStreet'] },
          { actions: 'editField' },
        ],
      },
    },
  },
} as any);

/** The notice form with its rules (models may give other starting values). */
export const withNoticeRules = (initial?: () => FormValues) => noticeFormSkeleton.provide(contentRules('notices', initial) as never);

/** What the page provides the calls and the navigation to. */
export const noticeFormMachine = withNoticeRules();

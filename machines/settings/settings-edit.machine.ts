import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import { validateForm, withoutError } from '../../src/shared/platform/form-validation.js';
import { SettingsBodySchema } from '../../src/shared/settings/settings.schema.js';
import {
  withAllSearch,
  withOption,
  type ChronoUnit,
  type CommunitySettings,
  type SettingsValues,
} from '../../src/shared/settings/settings-rules.js';

/** The on/off options of the guard-app card. */
export type SettingsFlag = {
  [K in keyof SettingsValues]: SettingsValues[K] extends boolean ? K : never;
}[keyof SettingsValues];

export interface SettingsEditContext {
  /** The community the settings are of. */
  uuid: string;
  /** What was loaded: 'Cancelar' puts it back. */
  loaded: SettingsValues | null;
  /** What the screen shows and, once saved, what is sent. */
  values: SettingsValues | null;
  errors: Record<string, string>;
  error: string | null;
}

export type SettingsEditEvent =
  | { type: 'settings.edit' }
  | { type: 'settings.cancel' }
  | { type: 'settings.save' }
  | { type: 'option.toggle'; name: SettingsFlag; value: boolean }
  | { type: 'search.all'; value: boolean }
  | { type: 'message.change'; value: string }
  | { type: 'validity.choose'; hours: number }
  | { type: 'frequent.choose'; unit: ChronoUnit; amount: number }
  | { type: 'dialog.close' }
  | { type: 'load.retry' }
  | { type: 'xstate.done.actor.load'; output: CommunitySettings }
  | { type: 'xstate.error.actor.load' | 'xstate.error.actor.save'; error: unknown };

const valuesOf = ({ uuid: _uuid, ...values }: CommunitySettings): SettingsValues => values;
/** The edited values after an event, and the errors without the field it corrects. */
const edited = (context: SettingsEditContext, values: SettingsValues, field?: string) => ({
  values,
  errors: field ? withoutError(context.errors, field) : context.errors,
});

/**
 * 'Ajustes' (the settings edit mode): the
 * settings load read-only (viewing); 'Editar' allows changes (editing) with the toggle rules as
 * actions ('Todo' sets or clears the five search options; turning the address off clears place
 * and common area); 'Cancelar' restores what was loaded; saving validates (the message is not
 * blank and at most 80 characters, the validities are among the choices), sends
 * `PUT api/fracs/{uuid}/configure`, shows 'La configuración ha sido guardada' or 'Ha ocurrido un
 * error' / 'Por favor comuniquese con soporte', and reloads in both cases.
 */
export const settingsEditMachine = setup({
  types: {
    context: {} as SettingsEditContext,
    events: {} as SettingsEditEvent,
  },
  actors: {
    /** The current user's community and its settings (`GET api/users/me`). */
    loadSettings: fromPromise<CommunitySettings, void>(async () => {
      throw new Error('not provided');
    }),
    /** `PUT api/fracs/{uuid}/configure`. */
    saveSettings: fromPromise<unknown, { uuid: string; values: SettingsValues }>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateForm(SettingsBodySchema, context.values)).length === 0,
  },
  actions: {
    takeLoaded: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.load');
      const settings = event.output;
      return { uuid: settings.uuid, loaded: valuesOf(settings), values: valuesOf(settings), errors: {}, error: null };
    }),
    restoreLoaded: assign(({ context }) => ({ values: context.loaded, errors: {} })),
    toggleOption: assign(({ context, event }) => {
      assertEvent(event, 'option.toggle');
      return edited(context, withOption(context.values!, event.name, event.value));
    }),
    toggleAllSearch: assign(({ context, event }) => {
      assertEvent(event, 'search.all');
      return edited(context, withAllSearch(context.values!, event.value));
    }),
    changeMessage: assign(({ context, event }) => {
      assertEvent(event, 'message.change');
      return edited(context, { ...context.values!, invitationMessage: event.value }, 'invitationMessage');
    }),
    chooseValidity: assign(({ context, event }) => {
      assertEvent(event, 'validity.choose');
      return edited(context, { ...context.values!, invitationValidity: event.hours }, 'invitationValidity');
    }),
    chooseFrequent: assign(({ context, event }) => {
      assertEvent(event, 'frequent.choose');
      return edited(
        context,
        { ...context.values!, frequentInvitationChronoUnit: event.unit, frequentInvitationValidity: event.amount },
        'frequentInvitationValidity',
      );
    }),
    showErrors: assign(({ context }) => ({ errors: validateForm(SettingsBodySchema, context.values) })),
    showFailure: assign({
      error: ({ event }) => {
        assertEvent(event, ['xstate.error.actor.load', 'xstate.error.actor.save']);
        return failureDescription(event.error);
      },
    }),
  },
}).createMachine({
  id: 'settingsEdit',
  context: { uuid: '', loaded: null, values: null, errors: {}, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadSettings',
        onDone: { target: 'viewing', actions: 'takeLoaded' },
        onError: { target: 'loadFailed', actions: 'showFailure' },
      },
    },
    loadFailed: { on: { 'load.retry': { target: 'loading' } } },
    /** Read-only until 'Editar'. */
    viewing: { on: { 'settings.edit': { target: 'editing' } } },
    editing: {
      on: {
        'option.toggle': { actions: 'toggleOption' },
        'search.all': { actions: 'toggleAllSearch' },
        'message.change': { actions: 'changeMessage' },
        'validity.choose': { actions: 'chooseValidity' },
        'frequent.choose': { actions: 'chooseFrequent' },
        'settings.cancel': { target: 'viewing', actions: 'restoreLoaded' },
        'settings.save': { target: 'validating' },
      },
    },
    validating: {
      always: [
        { guard: 'isValid', target: 'saving' },
        { target: 'editing', actions: 'showErrors' },
      ],
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'saveSettings',
        input: ({ context }) => ({ uuid: context.uuid, values: context.values! }),
        onDone: { target: 'saved' },
        onError: { target: 'failed', actions: 'showFailure' },
      },
    },
    /** 'La configuración ha sido guardada'; acknowledging reloads. */
    saved: { on: { 'dialog.close': { target: 'loading' } } },
    /** 'Ha ocurrido un error' / 'Por favor comuniquese con soporte'; acknowledging reloads. */
    failed: { on: { 'dialog.close': { target: 'loading' } } },
  },
});

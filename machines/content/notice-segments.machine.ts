import { assign, fromPromise, setup, assertEvent } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';

export interface SegmentZone {
  uuid: string;
  idZone: number;
  name: string;
}
export interface SegmentStreet {
  uuid: string;
  idStreet: number;
  name: string;
}
export interface SegmentResident {
  uuid: string;
  idResident: number;
  firstName: string;
  lastName: string;
}

export interface NoticeSegmentsContext {
  zones: SegmentZone[];
  streets: SegmentStreet[];
  residents: SegmentResident[];
  /** The zone whose streets are shown or loading ('' = none), the street whose residents are. */
  zoneUuid: string;
  streetUuid: string;
  /** The edited notice's zone and street, resolved once their options arrive. */
  initialZone: number | null;
  initialStreet: number | null;
  error: string | null;
}

export type NoticeSegmentsEvent =
  | { type: 'zone.choose'; idZone: number | '' }
  | { type: 'street.choose'; idStreet: number | '' }
  | { type: 'options.retry' }
  | { type: 'xstate.done.actor.zones'; output: SegmentZone[] }
  | { type: 'xstate.done.actor.streets'; output: SegmentStreet[] }
  | {
      type: 'xstate.error.actor.zones' | 'xstate.error.actor.streets' | 'xstate.error.actor.residents';
      error: unknown;
    };

export interface NoticeSegmentsInput {
  idZone: number | null;
  idStreet: number | null;
}

const zoneUuidOf = (zones: SegmentZone[], idZone: number | '' | null) =>
  zones.find((z) => z.idZone === idZone)?.uuid ?? '';
const streetUuidOf = (streets: SegmentStreet[], idStreet: number | '' | null) =>
  streets.find((s) => s.idStreet === idStreet)?.uuid ?? '';

/**
 * The notice form's segmentation cascade ('Nuevo aviso'): load the community's
 * zones; choosing a zone loads its streets (`api/streets/zones/{zoneUuid}`); choosing a street
 * loads its residents (`api/residents/streets/{streetUuid}`). A newer choice replaces a load
 * still running. Editing a notice, its zone's streets and its street's residents load at once.
 * The notice form spawns it and tells it each choice; the view reads its options.
 */
export const noticeSegmentsMachine = setup({
  types: {
    context: {} as NoticeSegmentsContext,
    events: {} as NoticeSegmentsEvent,
    input: {} as NoticeSegmentsInput,
  },
  actors: {
    loadZones: fromPromise<SegmentZone[], void>(async () => {
      throw new Error('not provided');
    }),
    loadStreets: fromPromise<SegmentStreet[], { zoneUuid: string }>(async () => {
      throw new Error('not provided');
    }),
    loadResidents: fromPromise<SegmentResident[], { streetUuid: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    isZoneChosen: ({ context, event }) =>
      event.type === 'zone.choose' && zoneUuidOf(context.zones, event.idZone) !== '',
    isStreetChosen: ({ context, event }) =>
      event.type === 'street.choose' && streetUuidOf(context.streets, event.idStreet) !== '',
    hasInitialZone: ({ context, event }) =>
      event.type === 'xstate.done.actor.zones' && zoneUuidOf(event.output, context.initialZone) !== '',
    hasInitialStreet: ({ context, event }) =>
      event.type === 'xstate.done.actor.streets' && streetUuidOf(event.output, context.initialStreet) !== '',
  },
  actions: {
    /** A zone chosen: its streets (and then residents) start over. */
    chooseZone: assign(({ context, event }) => ({
      zoneUuid: event.type === 'zone.choose' ? zoneUuidOf(context.zones, event.idZone) : context.zoneUuid,
      // The person's choice replaces the edited notice's street still to be resolved.
      streetUuid: '',
      streets: [],
      residents: [],
      error: null,
      initialStreet: null,
    })),
    /** A street chosen: its residents start over. */
    chooseStreet: assign(({ context, event }) => ({
      streetUuid: event.type === 'street.choose' ? streetUuidOf(context.streets, event.idStreet) : context.streetUuid,
      residents: [],
      error: null,
      initialStreet: null,
    })),
    /** The zones arrive with the edited notice's zone chosen: its streets load next. */
    keepZonesWithInitial: assign(({ context }, params: { zones: SegmentZone[] }) => ({
      zones: params.zones,
      zoneUuid: zoneUuidOf(params.zones, context.initialZone),
      initialZone: null,
    })),
    /** The zones arrive with none chosen: nothing of the edited notice is left to resolve. */
    keepZones: assign((_, params: { zones: SegmentZone[] }) => ({
      zones: params.zones,
      initialZone: null,
      initialStreet: null,
    })),
    /** The streets arrive with the edited notice's street chosen: its residents load next. */
    keepStreetsWithInitial: assign(({ context }, params: { streets: SegmentStreet[] }) => ({
      streets: params.streets,
      streetUuid: streetUuidOf(params.streets, context.initialStreet),
      initialStreet: null,
    })),
    keepStreets: assign((_, params: { streets: SegmentStreet[] }) => ({
      streets: params.streets,
      initialStreet: null,
    })),
    keepResidents: assign((_, params: { residents: SegmentResident[] }) => ({ residents: params.residents })),
    /** Loading again chooses the chosen zone and street again once they arrive. */
    retryFromChosen: assign(({ context }) => ({
      error: null,
      streets: [],
      residents: [],
      zoneUuid: '',
      streetUuid: '',
      initialZone: context.zones.find((z) => z.uuid === context.zoneUuid)?.idZone ?? context.initialZone,
      initialStreet: context.streets.find((s) => s.uuid === context.streetUuid)?.idStreet ?? context.initialStreet,
    })),
    showFailure: assign({
      error: ({ event }) => {
        assertEvent(event, ['xstate.error.actor.zones', 'xstate.error.actor.streets', 'xstate.error.actor.residents']);
        return failureDescription(event.error);
      },
    }),
  },
}).createMachine({
  id: 'noticeSegments',
  context: ({ input }) => ({
    zones: [],
    streets: [],
    residents: [],
    zoneUuid: '',
    streetUuid: '',
    initialZone: input.idZone,
    initialStreet: input.idStreet,
    error: null,
  }),
  initial: 'loadingZones',
  states: {
    loadingZones: {
      invoke: {
        id: 'zones',
        src: 'loadZones',
        onDone: [
          {
            guard: 'hasInitialZone',
            target: 'loadingStreets',
            actions: { type: 'keepZonesWithInitial', params: ({ event }) => ({ zones: event.output }) },
          },
          {
            target: 'ready',
            actions: { type: 'keepZones', params: ({ event }) => ({ zones: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: 'showFailure' },
      },
    },
    ready: {
      on: {
        'zone.choose': [
          { guard: 'isZoneChosen', target: 'loadingStreets', actions: 'chooseZone' },
          { actions: 'chooseZone' },
        ],
        'street.choose': [
          { guard: 'isStreetChosen', target: 'loadingResidents', actions: 'chooseStreet' },
          { actions: 'chooseStreet' },
        ],
      },
    },
    loadingStreets: {
      invoke: {
        id: 'streets',
        src: 'loadStreets',
        input: ({ context }) => ({ zoneUuid: context.zoneUuid }),
        onDone: [
          {
            guard: 'hasInitialStreet',
            target: 'loadingResidents',
            actions: { type: 'keepStreetsWithInitial', params: ({ event }) => ({ streets: event.output }) },
          },
          { target: 'ready', actions: { type: 'keepStreets', params: ({ event }) => ({ streets: event.output }) } },
        ],
        onError: { target: 'failed', actions: 'showFailure' },
      },
      on: {
        // Another zone before the streets arrived: only the last choice's streets count.
        'zone.choose': [
          { guard: 'isZoneChosen', target: 'loadingStreets', reenter: true, actions: 'chooseZone' },
          { target: 'ready', actions: 'chooseZone' },
        ],
      },
    },
    loadingResidents: {
      invoke: {
        id: 'residents',
        src: 'loadResidents',
        input: ({ context }) => ({ streetUuid: context.streetUuid }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepResidents', params: ({ event }) => ({ residents: event.output }) },
        },
        onError: { target: 'failed', actions: 'showFailure' },
      },
      on: {
        'zone.choose': [
          { guard: 'isZoneChosen', target: 'loadingStreets', actions: 'chooseZone' },
          { target: 'ready', actions: 'chooseZone' },
        ],
        'street.choose': [
          { guard: 'isStreetChosen', target: 'loadingResidents', reenter: true, actions: 'chooseStreet' },
          { target: 'ready', actions: 'chooseStreet' },
        ],
      },
    },
    /** Options could not be loaded: the message shows beside the selectors, with a retry. */
    failed: {
      on: {
        'options.retry': {
          target: 'loadingZones',
          actions: 'retryFromChosen',
        },
      },
    },
  },
});

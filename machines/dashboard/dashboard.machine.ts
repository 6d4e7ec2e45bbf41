import { assign, fromCallback, fromPromise, setup, type EventObject, assertEvent } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import {
  applyVisitIn,
  applyVisitOut,
  dashboardOf,
  type VisitDashboard,
  type VisitStatsResponses,
} from '../../src/shared/dashboard/dashboard-counters.js';
import type { IntegratorDashboard } from '../../src/shared/integrators/integrator-types.js';
import type { VisitEvent } from '../../src/shared/platform/realtime.js';

export type LiveStatus = 'connecting' | 'on' | 'refused';

export interface DashboardContext {
  view: 'licences' | 'visits';
  /** The active community, whose room the live counters subscribe to (null: none, e.g. general administrator). */
  communityUuid: string | null;
  visits: VisitDashboard | null;
  licences: IntegratorDashboard | null;
  live: LiveStatus | null;
  error: string | null;
}

export type DashboardEvent =
  | { type: 'visit.in'; event: VisitEvent }
  | { type: 'visit.out'; event: VisitEvent }
  | { type: 'live.status'; status: LiveStatus }
  | { type: 'dashboard.reload' }
  | { type: 'xstate.done.actor.visits'; output: VisitStatsResponses };

export interface DashboardInput {
  view: 'licences' | 'visits';
  communityUuid: string | null;
}

/**
 * The /home dashboards: integrators load their licence cards; everyone else
 * loads the access statistics, then keeps them live from the community's V_IN / V_OUT events,
 * which a callback actor (the socket in the browser, a fake in tests) sends in.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
  },
  actors: {
    /** `GET api/integrator/dashboard`. */
    loadLicences: fromPromise<IntegratorDashboard, void>(async () => {
      throw new Error('not provided');
    }),
    /** dailyVisits, monthlyVisits, residentSummary, entriesQR and entriesManual. */
    loadVisitStats: fromPromise<VisitStatsResponses, void>(async () => {
      throw new Error('not provided');
    }),
    /** Subscribes to the community's room and sends `visit.in`, `visit.out` and `live.status` back. */
    liveVisits: fromCallback<EventObject, { communityUuid: string }>(() => () => {}),
  },
  actions: {
    keepLicences: assign((_, params: { licences: IntegratorDashboard }) => ({
      licences: params.licences,
      error: null,
    })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureDescription(params.error) })),
    setLiveStatus: assign((_, params: { status: LiveStatus }) => ({ live: params.status })),
    /** An entry of the community moves the counters. */
    countVisitIn: assign(({ context }, params: { visit: VisitEvent }) => ({
      visits: applyVisitIn(context.visits!, params.visit),
    })),
    /** An exit of the community moves the counters. */
    countVisitOut: assign(({ context }) => ({ visits: applyVisitOut(context.visits!) })),
    assignVisits: assign({
      visits: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.visits');
        return dashboardOf(event.output);
      },
      error: null,
    }),
  },
  guards: {
    isLicenceView: ({ context }) => context.view === 'licences',
    hasCommunity: ({ context }) => context.communityUuid !== null,
    /** Only the active community's visits count (the server's rooms already ensure it). */
    isOwnCommunity: ({ context, event }) =>
      (event.type === 'visit.in' || event.type === 'visit.out') &&
      event.event.fracUuid.toLowerCase() === context.communityUuid?.toLowerCase(),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({
    view: input.view,
    communityUuid: input.communityUuid,
    visits: null,
    licences: null,
    live: null,
    error: null,
  }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'isLicenceView', target: 'loadingLicences' }, { target: 'loadingVisits' }] },
    loadingLicences: {
      invoke: {
        id: 'licences',
        src: 'loadLicences',
        onDone: {
          target: 'licences',
          actions: { type: 'keepLicences', params: ({ event }) => ({ licences: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    licences: {},
    loadingVisits: {
      invoke: {
        id: 'visits',
        src: 'loadVisitStats',
        onDone: [
          { guard: 'hasCommunity', target: 'visits.live', actions: 'assignVisits' },
          { target: 'visits.still', actions: 'assignVisits' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    visits: {
      initial: 'still',
      states: {
        /** Counters move with the community's events. */
        live: {
          entry: { type: 'setLiveStatus', params: { status: 'connecting' } },
          invoke: {
            id: 'live',
            src: 'liveVisits',
            input: ({ context }) => ({ communityUuid: context.communityUuid! }),
          },
          on: {
            'visit.in': {
              guard: 'isOwnCommunity',
              actions: { type: 'countVisitIn', params: ({ event }) => ({ visit: event.event }) },
            },
            'visit.out': {
              guard: 'isOwnCommunity',
              actions: 'countVisitOut',
            },
            'live.status': { actions: { type: 'setLiveStatus', params: ({ event }) => ({ status: event.status }) } },
          },
        },
        /** No community of one's own (general administrator): the figures as loaded. */
        still: {},
      },
    },
    failed: { on: { 'dashboard.reload': { target: 'boot' } } },
  },
});

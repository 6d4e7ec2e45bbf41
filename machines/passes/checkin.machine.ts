import { and, assign, fromPromise, sendTo, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import { CheckinTexts } from '../../src/shared/passes/checkin-rules.js';
import type { CheckinAnswer } from '../../src/shared/passes/checkin.schema.js';
import type { OfflineVerdict } from '../../src/shared/passes/offline-verify.js';
import { reportingGateSync, type GateStatus } from './gate-sync.machine.js';

export type CheckinDirection = 'IN' | 'OUT';

export interface CheckinContext {
  /** The pass as typed, pasted or scanned. */
  pass: string;
  direction: CheckinDirection;
  /** The guest and event admitted (or let out). */
  result: CheckinAnswer | null;
  /** Why the pass was refused (the server's Spanish message), or why nothing was sent. */
  reason: string | null;
  /** A notice while typing: an empty pass, a camera this browser does not offer. */
  notice: string | null;
  /** Where the gate stands (its gate-sync child reports it): online or not, records waiting, conflicts. */
  gate: GateStatus;
  /** Whether the verdict shown was given offline, by the gate itself. */
  offline: boolean;
}

export type CheckinEvent =
  | { type: 'pass.change'; value: string }
  | { type: 'pass.submit'; direction: CheckinDirection }
  | { type: 'scan.start' }
  | { type: 'scan.stop' }
  | { type: 'scan.unavailable' }
  | { type: 'scan.detected'; text: string }
  | { type: 'next' }
  /** The gate-sync child tells where the gate stands. */
  | { type: 'gate.status'; status: GateStatus }
  /** The guard has seen the conflicts. */
  | { type: 'conflicts.dismiss' };

export interface CheckinInput {
  /** What the browser says of its connection when the screen opens. */
  online: boolean;
}

type VerifyInput = { pass: string; direction: CheckinDirection };

/**
 * The guard's check-in (/checkin): idle (typing or scanning with the camera) → verifying (the
 * server checks the signed pass) → admitted, or refused with the reason → idle for the next. A
 * scanned pass is sent as an entry at once. Offline (its gate-sync child says so, or the server
 * cannot be reached), the gate verifies the pass itself and keeps the record for the server
 * (verifyingLocally), with the same verdicts; the child sends the records back when it can.
 */
export const checkinMachine = setup({
  types: {
    context: {} as CheckinContext,
    events: {} as CheckinEvent,
    input: {} as CheckinInput | undefined,
  },
  actors: {
    /** POST api/massiveEventGuests/checkin or /checkout. */
    verifyPass: fromPromise<CheckinAnswer, VerifyInput>(async () => {
      throw new Error('not provided');
    }),
    /** The gate's own verdict with what it keeps; a pass let through is kept as a record for the server. */
    verifyLocally: fromPromise<OfflineVerdict, VerifyInput>(async () => {
      throw new Error('not provided');
    }),
    gateSync: reportingGateSync,
  },
  guards: {
    hasPass: ({ context }) => context.pass.trim() !== '',
    isOffline: ({ context }) => context.gate.connection === 'offline',
    offlineWithPass: and(['hasPass', 'isOffline']),
    /** No answer at all from the server (not a refusal). */
    unreachable: (_, params: { error: unknown }) =>
      typeof params.error === 'object' &&
      params.error !== null &&
      'kind' in params.error &&
      params.error.kind === 'network',
    admittedLocally: (_, params: { verdict: OfflineVerdict }) => params.verdict.ok,
  },
  actions: {
    setPass: assign({ pass: (_, params: { value: string }) => params.value, notice: null }),
    startVerifying: assign({
      direction: (_, params: { direction: CheckinDirection }) => params.direction,
      notice: null,
    }),
    showEmptyPass: assign({ notice: CheckinTexts.emptyPass }),
    clearNotice: assign({ notice: null }),
    showCameraUnavailable: assign({ notice: CheckinTexts.cameraUnavailable }),
    takeScan: assign({ pass: (_, params: { text: string }) => params.text, direction: 'IN' as const }),
    keepAnswer: assign({
      result: (_, params: { answer: CheckinAnswer; offline: boolean }) => params.answer,
      offline: (_, params: { answer: CheckinAnswer; offline: boolean }) => params.offline,
      reason: null,
    }),
    /** The gate's own verdict: the person let through, or the refusal in the server's words. */
    keepVerdict: assign({
      result: (_, params: { verdict: OfflineVerdict }) => (params.verdict.ok ? params.verdict.answer : null),
      reason: (_, params: { verdict: OfflineVerdict }) => (params.verdict.ok ? null : params.verdict.reason),
      offline: true,
    }),
    showOfflineUnavailable: assign({ result: null, reason: CheckinTexts.offlineUnavailable, offline: true }),
    showFailure: assign({
      result: null,
      offline: false,
      reason: (_, params: { error: unknown }) => failureDescription(params.error, CheckinTexts.networkError),
    }),
    clearVerdict: assign({ pass: '', result: null, reason: null, offline: false }),
    keepGateStatus: assign({ gate: (_, params: { status: GateStatus }) => params.status }),
    tellRecordQueued: sendTo('gate', { type: 'record.queued' }),
    tellConnectionLost: sendTo('gate', { type: 'connection.lost' }),
    tellConflictsSeen: sendTo('gate', { type: 'conflicts.dismiss' }),
  },
}).createMachine({
  id: 'checkin',
  context: ({ input }) => ({
    pass: '',
    direction: 'IN',
    result: null,
    reason: null,
    notice: null,
    offline: false,
    gate: { connection: input?.online === false ? 'offline' : 'starting', waiting: 0, conflicts: [] },
  }),
  invoke: {
    id: 'gate',
    src: 'gateSync',
    input: ({ context }) => ({ online: context.gate.connection !== 'offline' }),
  },
  on: {
    'gate.status': { actions: { type: 'keepGateStatus', params: ({ event }) => ({ status: event.status }) } },
    'conflicts.dismiss': { actions: 'tellConflictsSeen' },
  },
  initial: 'idle',
  states: {
    idle: {
      initial: 'typing',
      on: {
        'pass.change': { actions: { type: 'setPass', params: ({ event }) => ({ value: event.value }) } },
        'pass.submit': [
          {
            guard: 'offlineWithPass',
            target: 'verifyingLocally',
            actions: { type: 'startVerifying', params: ({ event }) => ({ direction: event.direction }) },
          },
          {
            guard: 'hasPass',
            target: 'verifying',
            actions: { type: 'startVerifying', params: ({ event }) => ({ direction: event.direction }) },
          },
          { actions: 'showEmptyPass' },
        ],
      },
      states: {
        typing: { on: { 'scan.start': { target: 'scanning', actions: 'clearNotice' } } },
        scanning: {
          on: {
            'scan.stop': { target: 'typing' },
            'scan.unavailable': { target: 'typing', actions: 'showCameraUnavailable' },
            'scan.detected': [
              {
                guard: 'isOffline',
                target: '#checkin.verifyingLocally',
                actions: { type: 'takeScan', params: ({ event }) => ({ text: event.text }) },
              },
              {
                target: '#checkin.verifying',
                actions: { type: 'takeScan', params: ({ event }) => ({ text: event.text }) },
              },
            ],
          },
        },
      },
    },
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verifyPass',
        input: ({ context }) => ({ pass: context.pass.trim(), direction: context.direction }),
        onDone: {
          target: 'admitted',
          actions: { type: 'keepAnswer', params: ({ event }) => ({ answer: event.output, offline: false }) },
        },
        onError: [
          {
            // The server cannot be reached: the gate decides, and its child learns the connection is gone.
            guard: { type: 'unreachable', params: ({ event }) => ({ error: event.error }) },
            target: 'verifyingLocally',
            actions: 'tellConnectionLost',
          },
          { target: 'refused', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    verifyingLocally: {
      invoke: {
        id: 'verifyLocally',
        src: 'verifyLocally',
        input: ({ context }) => ({ pass: context.pass.trim(), direction: context.direction }),
        onDone: [
          {
            guard: { type: 'admittedLocally', params: ({ event }) => ({ verdict: event.output }) },
            target: 'admitted',
            actions: [{ type: 'keepVerdict', params: ({ event }) => ({ verdict: event.output }) }, 'tellRecordQueued'],
          },
          { target: 'refused', actions: { type: 'keepVerdict', params: ({ event }) => ({ verdict: event.output }) } },
        ],
        onError: {
          target: 'refused',
          actions: 'showOfflineUnavailable',
        },
      },
    },
    admitted: { on: { next: { target: 'idle', actions: 'clearVerdict' } } },
    refused: { on: { next: { target: 'idle', actions: 'clearVerdict' } } },
  },
});

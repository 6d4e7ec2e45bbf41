import { assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import { CheckinTexts } from '../../src/shared/passes/checkin-rules.js';
import type { CheckinAnswer } from '../../src/shared/passes/checkin.schema.js';

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
}

export type CheckinEvent =
  | { type: 'pass.change'; value: string }
  | { type: 'pass.submit'; direction: CheckinDirection }
  | { type: 'scan.start' }
  | { type: 'scan.stop' }
  | { type: 'scan.unavailable' }
  | { type: 'scan.detected'; text: string }
  | { type: 'next' };

/**
 * The guard's check-in of a massive event's guest (/checkin): idle (typing or scanning
 * with the camera) → verifying (the server checks the signed pass) → admitted, or refused with the
 * reason → idle for the next guest. A scanned pass is sent as an entry at once.
 */
export const checkinMachine = setup({
  types: { context: {} as CheckinContext, events: {} as CheckinEvent },
  actors: {
    /** POST api/massiveEventGuests/checkin or /checkout. */
    verifyPass: fromPromise<CheckinAnswer, { pass: string; direction: CheckinDirection }>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    hasPass: ({ context }) => context.pass.trim() !== '',
  },
}).createMachine({
  id: 'checkin',
  context: { pass: '', direction: 'IN', result: null, reason: null, notice: null },
  initial: 'idle',
  states: {
    idle: {
      initial: 'typing',
      on: {
        'pass.change': { actions: assign({ pass: ({ event }) => event.value, notice: null }) },
        'pass.submit': [
          {
            guard: 'hasPass',
            target: 'verifying',
            actions: assign({ direction: ({ event }) => event.direction, notice: null }),
          },
          { actions: assign({ notice: CheckinTexts.emptyPass }) },
        ],
      },
      states: {
        typing: { on: { 'scan.start': { target: 'scanning', actions: assign({ notice: null }) } } },
        scanning: {
          on: {
            'scan.stop': { target: 'typing' },
            'scan.unavailable': { target: 'typing', actions: assign({ notice: CheckinTexts.cameraUnavailable }) },
            'scan.detected': {
              target: '#checkin.verifying',
              actions: assign({ pass: ({ event }) => event.text, direction: 'IN' as const }),
            },
          },
        },
      },
    },
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verifyPass',
        input: ({ context }) => ({ pass: context.pass.trim(), direction: context.direction }),
        onDone: { target: 'admitted', actions: assign({ result: ({ event }) => event.output, reason: null }) },
        onError: {
          target: 'refused',
          actions: assign({
            result: null,
            reason: ({ event }) => failureDescription(event.error, CheckinTexts.networkError),
          }),
        },
      },
    },
    admitted: { on: { next: { target: 'idle', actions: assign({ pass: '', result: null, reason: null }) } } },
    refused: { on: { next: { target: 'idle', actions: assign({ pass: '', result: null, reason: null }) } } },
  },
});

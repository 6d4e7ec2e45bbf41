import { assign, fromCallback, fromPromise, sendParent, setup, assertEvent } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import { LINK_POLL_MS } from '../../src/shared/devices/device-rules.js';
import type { DeviceStatusEvent } from '../../src/shared/platform/realtime.js';

/** The device a row's link child is about: the list gives its row . */
export interface DeviceLinkRow {
  uuid: string;
  name: string;
  status: 'ACTIVE' | 'INACTIVE';
  deviceToken: string | null;
  online: boolean;
  lastSeenAt: string | null;
  [key: string]: unknown;
}

export interface DeviceLinkContext {
  row: DeviceLinkRow;
  /** Presence as last heard (the row's, then each DEVICE_STATUS). */
  online: boolean;
  lastSeenAt: string | null;
  /** The code the QR and the text show, and when it expires (ISO). */
  code: string | null;
  expiresAt: string | null;
  /** The server's error_description of a failed call (the 'Error' dialog). */
  error: string | null;
}

export type DeviceLinkEvent =
  | { type: 'link.open' }
  | { type: 'link.close' }
  | { type: 'code.renew' }
  | { type: 'device.linked' }
  | { type: 'device.status'; status: DeviceStatusEvent['status']; online: boolean; lastSeenAt: string | null }
  | { type: 'device.delete' }
  | { type: 'unlink.open' }
  | { type: 'unlink.confirm' }
  | { type: 'unlink.cancel' }
  | { type: 'dialog.close' }
  | { type: 'xstate.done.actor.issue' | 'xstate.done.actor.renew'; output: IssuedCode }
  | {
      type: 'xstate.done.actor.poll' | 'xstate.done.actor.confirm';
      output: Partial<DeviceLinkRow> & { status?: string };
    }
  | { type: 'xstate.error.actor.issue' | 'xstate.error.actor.renew' | 'xstate.error.actor.unlink'; error: unknown };

/** `PUT api/devices/linkCode/{id}`. */
export interface IssuedCode {
  code: string;
  expiresAt: string;
}

/**
 * A device's link and unlink, one per shown row, spawned by the devices
 * list. An INACTIVE device can open the link dialog: a fresh code is issued and shown (QR, text,
 * countdown); at its expiry, or on 'Renovar', a new one replaces it. The dialog closes with
 * 'Dispositivo vinculado' when the realtime event arrives, or when a poll (the fallback) sees the
 * device ACTIVE. An active device can only be unlinked, after confirmation, sending its
 * `deviceToken`; 'Dispositivo desvinculado correctamente'. Delete is offered to the list only from
 * inactive. Failures show 'Error' with the server's text. The row's presence follows DEVICE_STATUS.
 */
export const deviceLinkMachine = setup({
  types: {
    context: {} as DeviceLinkContext,
    events: {} as DeviceLinkEvent,
    input: {} as { row: DeviceLinkRow },
  },
  actors: {
    /** `PUT api/devices/linkCode/{uuid}`: a fresh one-time code. */
    issueCode: fromPromise<IssuedCode, { uuid: string }>(async () => {
      throw new Error('not provided');
    }),
    /** `GET api/devices/{uuid}`: the poll fallback reads the device's status. */
    readDevice: fromPromise<Partial<DeviceLinkRow> & { status: string }, { uuid: string }>(async () => {
      throw new Error('not provided');
    }),
    /** `PUT api/devices/unlinkDevice/{uuid}` with the device token as the body. */
    unlinkDevice: fromPromise<unknown, { uuid: string; deviceToken: string }>(async () => {
      throw new Error('not provided');
    }),
    /** The realtime events of this device (DEVICE_LINKED → `device.linked`, DEVICE_STATUS → `device.status`). */
    deviceEvents: fromCallback<DeviceLinkEvent, { uuid: string }>(() => () => undefined),
  },
  guards: {
    isActive: ({ context }) => context.row.status === 'ACTIVE',
    isNowActive: ({ event }) => event.type === 'xstate.done.actor.poll' && event.output.status === 'ACTIVE',
  },
  actions: {
    /** Whether the device shows as connected ('En línea'). */
    setOnline: assign((_, params: { online: boolean }) => ({ online: params.online })),
    /** The list confirms and deletes the row (its own delete flow). */
    askDelete: sendParent(({ context }) => ({ type: 'row.delete', row: context.row })),
    /** The list asks its page again (the row's status changed). */
    askReload: sendParent({ type: 'list.reload' }),
    takeCode: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.issue', 'xstate.done.actor.renew']);
      const { code, expiresAt } = event.output;
      return { code, expiresAt, error: null };
    }),
    forgetCode: assign({ code: null, expiresAt: null }),
    takeFailure: assign({
      error: ({ event }) => {
        assertEvent(event, ['xstate.error.actor.issue', 'xstate.error.actor.renew', 'xstate.error.actor.unlink']);
        return failureDescription(event.error);
      },
    }),
    forgetFailure: assign({ error: null }),
    /** The device as the server now has it (its `deviceToken`, what unlinking sends). */
    takeRecord: assign(({ context, event }) => {
      assertEvent(event, ['xstate.done.actor.poll', 'xstate.done.actor.confirm']);
      return { row: { ...context.row, ...event.output } };
    }),
    hearStatus: assign(({ event }) => {
      assertEvent(event, 'device.status');
      return { online: event.online, lastSeenAt: event.lastSeenAt };
    }),
  },
  delays: {
    /** The moment the shown code expires, from now. */
    untilExpiry: ({ context }) => Math.max(0, Date.parse(context.expiresAt ?? '') - Date.now() || 0),
    poll: LINK_POLL_MS,
  },
}).createMachine({
  id: 'deviceLink',
  context: ({ input }) => ({
    row: input.row,
    online: input.row.online,
    lastSeenAt: input.row.lastSeenAt,
    code: null,
    expiresAt: null,
    error: null,
  }),
  invoke: { id: 'events', src: 'deviceEvents', input: ({ context }) => ({ uuid: context.row.uuid }) },
  on: { 'device.status': { actions: 'hearStatus' } },
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'isActive', target: 'active' }, { target: 'inactive' }] },
    /** INACTIVE: it can be linked or deleted. */
    inactive: {
      on: {
        'link.open': { target: 'issuing' },
        'device.delete': { actions: 'askDelete' },
      },
    },
    /** The dialog opens while the first code is issued. */
    issuing: {
      invoke: {
        id: 'issue',
        src: 'issueCode',
        input: ({ context }) => ({ uuid: context.row.uuid }),
        onDone: { target: 'showingCode', actions: 'takeCode' },
        onError: { target: 'issueFailed', actions: 'takeFailure' },
      },
      on: { 'link.close': { target: 'inactive' } },
    },
    /** QR, code and countdown; the device links (event), or the poll sees it, or the code expires. */
    showingCode: {
      after: { untilExpiry: { target: 'renewing' }, poll: { target: 'polling' } },
      on: {
        'device.linked': { target: 'confirming' },
        'code.renew': { target: 'renewing' },
        'link.close': { target: 'inactive', actions: 'forgetCode' },
      },
    },
    /** The poll fallback: a missed realtime event still closes the dialog. */
    polling: {
      invoke: {
        id: 'poll',
        src: 'readDevice',
        input: ({ context }) => ({ uuid: context.row.uuid }),
        onDone: [{ guard: 'isNowActive', target: 'linked', actions: 'takeRecord' }, { target: 'showingCode' }],
        // A failed poll is not the person's problem: the code stays on screen and the next poll tries again.
        onError: { target: 'showingCode' },
      },
      on: {
        'device.linked': { target: 'confirming' },
        'link.close': { target: 'inactive', actions: 'forgetCode' },
      },
    },
    /** Expiry or 'Renovar código': a new code replaces the shown one. */
    renewing: {
      invoke: {
        id: 'renew',
        src: 'issueCode',
        input: ({ context }) => ({ uuid: context.row.uuid }),
        onDone: { target: 'showingCode', actions: 'takeCode' },
        onError: { target: 'issueFailed', actions: ['takeFailure', 'forgetCode'] },
      },
      on: {
        'device.linked': { target: 'confirming' },
        'link.close': { target: 'inactive', actions: 'forgetCode' },
      },
    },
    /** 'Error' with the server's text; closing it leaves the device inactive. */
    issueFailed: { on: { 'dialog.close': { target: 'inactive', actions: 'forgetFailure' } } },
    /** DEVICE_LINKED arrived: the linked device is read (its link's `deviceToken`) before saying so. */
    confirming: {
      invoke: {
        id: 'confirm',
        src: 'readDevice',
        input: ({ context }) => ({ uuid: context.row.uuid }),
        onDone: { target: 'linked', actions: 'takeRecord' },
        // The event is the server's word: it linked. Without the record, the list's reload brings it.
        onError: { target: 'linked' },
      },
    },
    /** 'Dispositivo vinculado': the dialog closed by itself; the list reloads on acknowledging. */
    linked: {
      entry: ['forgetCode', { type: 'setOnline', params: { online: true } }],
      on: { 'dialog.close': { target: 'active', actions: 'askReload' } },
    },
    /** ACTIVE: it can only be unlinked. */
    active: { on: { 'unlink.open': { target: 'confirmUnlink' } } },
    confirmUnlink: {
      on: {
        'unlink.confirm': { target: 'unlinking' },
        'unlink.cancel': { target: 'active' },
      },
    },
    unlinking: {
      invoke: {
        id: 'unlink',
        src: 'unlinkDevice',
        input: ({ context }) => ({ uuid: context.row.uuid, deviceToken: context.row.deviceToken ?? '' }),
        onDone: { target: 'unlinked', actions: { type: 'setOnline', params: { online: false } } },
        onError: { target: 'unlinkFailed', actions: 'takeFailure' },
      },
    },
    /** 'Dispositivo desvinculado correctamente'; the list reloads on acknowledging. */
    unlinked: { on: { 'dialog.close': { target: 'inactive', actions: 'askReload' } } },
    unlinkFailed: { on: { 'dialog.close': { target: 'active', actions: 'forgetFailure' } } },
  },
});

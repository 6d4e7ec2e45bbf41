import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { CheckinView } from '../../../src/web/views/passes/checkin.view.js';
import type { GateApi } from '../../../src/web/views/passes/gate.api.js';
import type { GateSyncEvent } from '../../../machines/passes/gate-sync.machine.js';
import { checkinModel } from '../../machines/passes/checkin.model.js';
import { describePath, transitionPaths } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

/** The camera as the test drives it: getUserMedia waits until a path step answers it. */
function fakeCamera() {
  let answer: { resolve: (s: MediaStream) => void; reject: (e: Error) => void } | null = null;
  let detected: string | null = null;
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: () =>
        new Promise<MediaStream>((resolve, reject) => {
          answer = { resolve, reject };
        }),
    },
  });
  (window as unknown as { BarcodeDetector?: unknown }).BarcodeDetector = class {
    async detect() {
      return detected ? [{ rawValue: detected }] : [];
    }
  };
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  // happy-dom takes only its own MediaStream; the fake stream has no picture anyway.
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
    configurable: true,
    get: () => null,
    set: () => undefined,
  });
  return {
    refuse: () => answer?.reject(new Error('NotAllowedError')),
    show: (text: string) => {
      detected = text;
      answer?.resolve({ getTracks: () => [] } as unknown as MediaStream);
    },
  };
}
afterEach(() => {
  delete (window as unknown as { BarcodeDetector?: unknown }).BarcodeDetector;
});

const stateShown: Record<string, () => unknown> = {
  '{"idle":"typing"}': () => screen.getByRole('button', { name: 'Escanear con la cámara' }),
  '{"idle":"scanning"}': () => screen.getByRole('button', { name: 'Detener cámara' }),
  '"verifying"': () => screen.getByText('Verificando…'),
  '"verifyingLocally"': () => screen.getByText('Verificando…'),
  '"admitted"': () => screen.getByText('Acceso permitido'),
  '"refused"': () => screen.getByText('Acceso denegado'),
};

describe('/checkin performs the checkin paths', () => {
  it.each(transitionPaths(checkinModel).map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const camera = fakeCamera();
    const calls = pendingCalls();
    // The gate as the path drives it: the browser's connection events, the local verdicts as path steps.
    let connection: ((event: GateSyncEvent) => void) | null = null;
    const never = () => new Promise<never>(() => {});
    const gate: GateApi = {
      countQueue: async () => 0,
      loadSnapshot: never,
      sendQueue: never,
      verifyLocally: calls.fn('verifyLocally'),
      watchConnection: (sendBack) => {
        connection = sendBack;
        return () => {};
      },
      watchLive: () => () => {},
      keepShell: () => () => {},
    };
    render(
      <ChakraProvider value={defaultSystem}>
        <CheckinView api={{ verify: calls.fn('verify') }} gate={gate} />
      </ChakraProvider>,
    );
    const field = () => screen.getByLabelText('Pase o credencial');
    await performPath(path, {
      calls,
      spec: checkinModel,
      probe: () => ({ sees: (text: string) => expect(screen.getByText(text)).toBeTruthy() }),
      executors: {
        'pass.change': (e: AnyEventObject) => fireEvent.change(field(), { target: { value: e.value } }),
        'pass.submit': (e: AnyEventObject) =>
          fireEvent.click(
            screen.getByRole('button', { name: e.direction === 'IN' ? 'Registrar entrada' : 'Registrar salida' }),
          ),
        'scan.start': () => fireEvent.click(screen.getByRole('button', { name: 'Escanear con la cámara' })),
        'scan.stop': () => fireEvent.click(screen.getByRole('button', { name: 'Detener cámara' })),
        'scan.unavailable': () => camera.refuse(),
        'scan.detected': (e: AnyEventObject) => camera.show(e.text),
        next: () => fireEvent.click(screen.getByRole('button', { name: 'Siguiente pase' })),
        'gate.status': async (e: AnyEventObject) => {
          connection!({ type: e.status.connection === 'offline' ? 'connection.lost' : 'connection.back' });
          if (e.status.connection === 'offline') await screen.findByText('Sin conexión');
        },
        // With no conflicts there is nothing to mark as seen: the screen offers no button.
        'conflicts.dismiss': () => expect(screen.queryByRole('button', { name: 'Entendido' })).toBeNull(),
      },
      expectState: async (state) => {
        await waitFor(() => expect(stateShown[state]()).toBeTruthy());
      },
    });
    vi.restoreAllMocks();
  });
});

import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type {
  InvitationDownloadReport,
  InvitationTarget,
} from '../../../machines/massive-events/invitation-download.machine.js';
import { useActorRef } from '@xstate/react';
import {
  InvitationDownloadStatus,
  invitationDownloadLogic,
  type InvitationDownloadRef,
} from '../../../src/web/views/massive-events/invitation-download.js';
import { dialogButton } from '../../support/dialogs.js';
import { invitationDownloadModel } from '../../machines/massive-events/invitation-download.model.js';
import { describePath, transitionPaths } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

/** A parent as the screens have one: it runs the download child and draws it; the test reads the child's output. */
function Host({
  target,
  fetchIt,
  expose,
}: {
  target: never;
  fetchIt: never;
  expose: (actor: InvitationDownloadRef) => void;
}) {
  const actor = useActorRef(invitationDownloadLogic(fetchIt), { input: { target } });
  expose(actor);
  return <InvitationDownloadStatus actor={actor} />;
}

describe('the invitation download performs the invitationDownload paths', () => {
  it.each(transitionPaths(invitationDownloadModel).map((p) => [describePath(p), p] as const))(
    '%s',
    async (_name, path) => {
      let report: (e: InvitationDownloadReport) => void = () => undefined;
      let finish: { resolve: () => void; reject: (e: unknown) => void } | null = null;
      const requested: unknown[] = [];
      const fetchIt = vi.fn((target: unknown, hooks: { report: typeof report }) => {
        requested.push(target);
        report = hooks.report;
        return new Promise<void>((resolve, reject) => {
          finish = { resolve, reject };
        });
      });
      let child: InvitationDownloadRef | null = null;
      const { target } = path.input as { target: InvitationTarget };
      render(
        <ChakraProvider value={defaultSystem}>
          <Host
            target={target as never}
            fetchIt={fetchIt as never}
            expose={(a) => {
              child = a;
            }}
          />
        </ChakraProvider>,
      );
      const output = () => (child as InvitationDownloadRef | null)?.getSnapshot().output;
      const step = (run: () => void) =>
        act(async () => {
          run();
          await new Promise((r) => setTimeout(r, 0));
        });
      await performPath(path, {
        calls: pendingCalls(),
        executors: {
          'download.headers': (e: AnyEventObject) => step(() => report(e as InvitationDownloadReport)),
          'download.progress': (e: AnyEventObject) => step(() => report(e as InvitationDownloadReport)),
          'download.saved': () => step(() => finish!.resolve()),
          'download.failed': (e: AnyEventObject) => step(() => finish!.reject(e.error)),
          'dialog.close': () => fireEvent.click(dialogButton('Aceptar')),
        },
        expectState: async (state) => {
          await waitFor(() => {
            const what = target.kind === 'workers' ? 'credenciales' : 'invitaciones';
            if (state.includes('requesting')) expect(screen.getByText(`Preparando ${what}…`)).toBeTruthy();
            if (state.includes('rendering')) expect(screen.getByText(`Generando 2 ${what}…`)).toBeTruthy();
            if (state === '"saved"')
              expect(screen.getByRole('alertdialog', { name: 'Descarga completada' })).toBeTruthy();
            if (state === '"failed"')
              expect(screen.getByRole('alertdialog', { name: 'Ha ocurrido un error' })).toBeTruthy();
            // Invitations return to /massiveEvents after a failure; credentials stay on /workers.
            if (state === '"returned"')
              expect(output()).toEqual({ saved: false, returnTo: target.kind === 'workers' ? null : '/massiveEvents' });
            if (state === '"closed"') expect(output()).toEqual({ saved: true, returnTo: null });
          });
        },
      });
      expect(requested).toEqual([target]);
    },
  );
});

import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { guestImportMachine, type GuestImportInput } from '../../../machines/massive-events/guest-import.machine.js';
import type { InvitationTarget } from '../../../machines/massive-events/invitation-download.machine.js';
import { invitationDownloadLogic } from '../../../src/web/views/massive-events/invitation-download.js';
import { GuestImportDialog } from '../../../src/web/views/massive-events/guest-import-dialog.js';
import { guestImportModel } from '../../machines/massive-events/guest-import.model.js';
import { dialogButton } from '../../support/dialogs.js';
import { transitionPaths, type GeneratedPath } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

const refused = {
  kind: 'http',
  status: 400,
  body: { error: 'bad_request', error_description: 'Puedes descargar hasta 300 invitaciones por solicitud.' },
};

function Host({
  input,
  calls,
  downloads,
}: {
  input: GuestImportInput;
  calls: ReturnType<typeof pendingCalls>;
  downloads: InvitationTarget[];
}) {
  // The invitations' fetch waits until the path says how it ends; the download child is the real one.
  const fetchIt = async (target: InvitationTarget, hooks: { report: (e: unknown) => void }) => {
    downloads.push(target);
    await calls.fn<void>('download')(target);
    hooks.report({ type: 'download.headers', fileName: 'invitaciones.zip', count: 1 });
  };
  const actor = useActorRef(
    guestImportMachine.provide({
      actors: {
        readSheet: fromPromise(({ input: i }) => calls.fn<never>('read')(i)),
        uploadGuests: fromPromise(({ input: i }) => calls.fn<never>('upload')(i)),
        invitationDownload: invitationDownloadLogic(fetchIt as never),
      },
    }),
    { input },
  );
  return <GuestImportDialog actor={actor} />;
}

const describePath = (p: GeneratedPath) => [p.inputName, ...p.events.map(guestImportModel.describeEvent!)].join(' → ');
const click = (el: HTMLElement) => fireEvent.click(el);

describe("'Importación masiva' performs the guestImport paths", () => {
  const paths = transitionPaths(guestImportModel);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const calls = pendingCalls();
    const downloads: InvitationTarget[] = [];
    render(
      <ChakraProvider value={defaultSystem}>
        <Host input={path.input as GuestImportInput} calls={calls} downloads={downloads} />
      </ChakraProvider>,
    );
    // The dialog mounts in a portal after the first render; the first path of a worker loaded on a
    // busy machine has been seen to need more than the 5 s each step waits (an empty body in CI).
    await screen.findByTestId('guest-import', undefined, { timeout: 30_000 });
    await performPath(path, {
      calls,
      spec: guestImportModel,
      executors: {
        'file.pick': (e) => {
          const { name } = (e as unknown as { file: { name: string } }).file;
          fireEvent.change(screen.getByLabelText('Archivo de invitados'), {
            target: { files: [new File(['x'.repeat((e as unknown as { file: { size: number } }).file.size)], name)] },
          });
        },
        'import.submit': () => click(dialogButton('Importar')),
        'import.confirm': () => click(dialogButton('Importar')),
        'duplicates.accept': () => click(dialogButton('Si, agregar')),
        'duplicates.reject': () => click(dialogButton('No, solo los nuevos')),
        'upload.retry': () => click(dialogButton('Reintentar')),
        'invitations.download': () => click(dialogButton('Descargar invitaciones')),
        'xstate.done.actor.invitationDownload': async (e) => {
          const saved = (e as unknown as { output: { saved: boolean } }).output.saved;
          await calls.settle(
            saved
              ? { type: 'xstate.done.actor.download', output: undefined }
              : { type: 'xstate.error.actor.download', error: refused },
          );
          await screen.findAllByText(saved ? 'Descarga completada' : refused.body.error_description);
          click(dialogButton('Aceptar'));
        },
        'import.close': () =>
          click(screen.queryAllByRole('button', { name: 'Cerrar', hidden: true }).at(-1) ?? dialogButton('Cancelar')),
      },
      expectState: (state) => {
        if (JSON.parse(state) === 'closed') expect(screen.queryByTestId('guest-import')).toBeNull();
      },
    });
    // The invitations asked for are the guests this import created (GET api/massiveEventGuests/invitation?uuid=..).
    if (path.events.some((e) => e.type === 'invitations.download')) {
      const created = [...path.events]
        .reverse()
        .find((e) => e.type === 'xstate.done.actor.uploadGuests') as unknown as { output: { uuid: string }[] };
      expect(downloads).toEqual([{ kind: 'guests', uuids: created.output.map((g) => g.uuid) }]);
    }
  });
});

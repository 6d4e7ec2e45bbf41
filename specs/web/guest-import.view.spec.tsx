import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { guestImportMachine, type GuestImportInput } from '../../machines/guest-import.machine.js';
import { GuestImportDialog } from '../../src/web/views/events/guest-import-dialog.js';
import { guestImportModel } from '../machines/models/guest-import.model.js';
import { dialogButton } from '../support/dialogs.js';
import { transitionPaths, type GeneratedPath } from '../support/model-paths.js';
import { pendingCalls, performPath } from '../support/view-paths.js';

function Host({ input, calls, downloads }: { input: GuestImportInput; calls: ReturnType<typeof pendingCalls>; downloads: string[][] }) {
  const actor = useActorRef(guestImportMachine.provide({
    actors: { readSheet: fromPromise(({ input: i }) => calls.fn<never>('read')(i)), uploadGuests: fromPromise(({ input: i }) => calls.fn<never>('upload')(i)) },
    actions: { downloadInvitations: (_, p) => { downloads.push(p.uuids); } },
  }), { input });
  return <GuestImportDialog actor={actor} />;
}

const describePath = (p: GeneratedPath) => [p.inputName, ...p.events.map(guestImportModel.describeEvent!)].join(' → ');
const click = (el: HTMLElement) => fireEvent.click(el);

describe("'Importación masiva' performs the guestImport paths (spec 2 §4.2, §5)", () => {
  const paths = transitionPaths(guestImportModel);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const calls = pendingCalls();
    const downloads: string[][] = [];
    render(<ChakraProvider value={defaultSystem}><Host input={path.input as GuestImportInput} calls={calls} downloads={downloads} /></ChakraProvider>);
    await performPath(path, {
      calls, spec: guestImportModel,
      executors: {
        'file.pick': (e) => {
          const { name } = (e as unknown as { file: { name: string } }).file;
          fireEvent.change(screen.getByLabelText('Archivo de invitados'), { target: { files: [new File(['x'.repeat((e as unknown as { file: { size: number } }).file.size)], name)] } });
        },
        'import.submit': () => click(dialogButton('Importar')),
        'import.confirm': () => click(dialogButton('Importar')),
        'duplicates.accept': () => click(dialogButton('Si, agregar')),
        'duplicates.reject': () => click(dialogButton('No, solo los nuevos')),
        'upload.retry': () => click(dialogButton('Reintentar')),
        'invitations.download': () => click(dialogButton('Descargar invitaciones')),
        'import.close': () => click(screen.queryAllByRole('button', { name: 'Cerrar', hidden: true }).at(-1) ?? dialogButton('Cancelar')),
      },
      expectState: (state) => {
        if (JSON.parse(state) === 'closed') expect(screen.queryByTestId('guest-import')).toBeNull();
      },
    });
    if (path.events.some((e) => e.type === 'invitations.download')) expect(downloads.length).toBe(1);
  });
});

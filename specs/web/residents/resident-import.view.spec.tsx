import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { residentImportMachine, type UploadReport } from '../../../machines/residents/resident-import.machine.js';
import { ImportTexts } from '../../../src/shared/residents/resident-import.js';
import { ResidentImportDialog } from '../../../src/web/views/residents/resident-import-dialog.js';
import { residentImportModel } from '../../machines/residents/resident-import.model.js';
import { describePath, transitionPaths } from '../../support/model-paths.js';
import { dialogButton } from '../../support/dialogs.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

const paths = transitionPaths(residentImportModel);

/**
 * The import modal of /newResidents with its machine: the upload child is a recorder whose reports
 * (progress, sent, the server's answer, a network failure) the path sends; saving Errores.xlsx is a
 * call the path settles. Everything else is done as a person does it: picking a file in the drop
 * zone's input, 'Importar', 'Descargar Errores.xlsx', 'Aceptar', 'Cancelar'.
 */
function renderImport() {
  const calls = pendingCalls();
  const uploads: { file: unknown; sendBack: (e: UploadReport) => void }[] = [];
  const reports: string[] = [];
  const picked: string[] = [];
  const actor = createActor(
    residentImportMachine.provide({
      actions: {
        report: () => {
          reports.push('import.closed');
        },
      },
      actors: {
        uploadFile: fromCallback<UploadReport, { file: unknown }>(({ input, sendBack }) => {
          uploads.push({ file: input.file, sendBack });
        }) as never,
        saveErrorFile: fromPromise<void, { base64: string }>(({ input }) => calls.fn<void>('download')(input)) as never,
      },
    }),
    {
      // The names of the files the machine was told about, in order.
      inspect: (e) => {
        if (e.type === '@xstate.event' && e.event.type === 'file.pick') picked.push(e.event.file.name);
      },
    },
  ).start();
  render(
    <ChakraProvider value={defaultSystem}>
      <ResidentImportDialog actor={actor} />
    </ChakraProvider>,
  );
  return { actor, calls, uploads, reports, picked };
}

const fileInput = () => screen.getByLabelText('Archivo de residentes', { selector: 'input' }) as HTMLInputElement;

afterEach(() => cleanup());

describe("the residents' import modal performs its machine's paths (import, .xlsx only, Error Parcial)", () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const page = renderImport();
    const report = (e: AnyEventObject) =>
      act(async () => {
        page.uploads.at(-1)!.sendBack(e as UploadReport);
      });
    await performPath(path, {
      calls: page.calls,
      spec: residentImportModel,
      executors: {
        'file.pick': async (e) => {
          const { name, type, size } = e.file as { name: string; type: string; size: number };
          const file = new File([new Uint8Array(size)], name, { type });
          const before = page.picked.length;
          await act(async () => {
            fireEvent.change(fileInput(), { target: { files: [file] } });
          });
          // react-dropzone reads the picked files asynchronously; accepted or refused, the machine is told.
          await waitFor(() => expect(page.picked.slice(before)).toEqual([name]));
        },
        'upload.start': () => {
          fireEvent.click(screen.getByRole('button', { name: ImportTexts.send }));
        },
        'upload.progress': report,
        'upload.sent': report,
        'upload.answered': report,
        'upload.failed': report,
        'errors.download': () => {
          fireEvent.click(dialogButton(ImportTexts.download));
        },
        'dialog.close': () => {
          fireEvent.click(dialogButton('Aceptar'));
        },
        'import.close': () => {
          fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
        },
      },
      expectState: async (state, step) => {
        // The page's machine is where the path says, step by step.
        await waitFor(() => expect(JSON.stringify(page.actor.getSnapshot().value)).toBe(state));
        const ctx = path.contexts[step];
        if (state === '"closed"') {
          expect(page.reports).toEqual(['import.closed']);
          return;
        }
        // 'Importar' is offered only for a chosen .xlsx of at most 10 MB.
        const send = screen
          .getAllByRole('button', { hidden: true })
          .find((b) => b.textContent?.trim() === ImportTexts.send) as HTMLButtonElement;
        expect(send.disabled).toBe(state !== '"fileChosen"');
        if (ctx.file) expect(screen.getByTestId('import-file').textContent).toBe(ctx.file.name);
      },
    });
    // The file sent is the one picked last before 'Importar'.
    const starts = path.events.filter((e) => e.type === 'upload.start');
    expect(page.uploads).toHaveLength(starts.length);
    for (const [i, u] of page.uploads.entries())
      expect((u.file as File).name).toBe((starts[i].file as { name: string }).name);
  });
});

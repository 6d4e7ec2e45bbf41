import { fromCallback } from 'xstate';
import { residentImportMachine } from '../../../machines/residents/resident-import.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const sheets = {
  residents: { name: 'residentes.xlsx', type: XLSX, size: 20_480 },
  other: { name: 'residentes-marzo.xlsx', type: XLSX, size: 30_720 },
  pdf: { name: 'residentes.pdf', type: 'application/pdf', size: 4_096 },
  huge: { name: 'enorme.xlsx', type: XLSX, size: 11 * 1024 * 1024 },
};
/** Base64 of a zip's first bytes ('PK…'), standing for Errores.xlsx. */
export const ERRORS_BASE64 = 'UEsDBBQAAAAIAA==';
/** The server's answers (src/shared/residents/resident-import.ts). */
export const answers = {
  done: { status: 200, body: { description: 'Se registraron 3 residentes.', created: 3 } },
  partial: {
    status: 206,
    body: { description: 'Se registraron 2 residentes; 1 fila falló.', created: 2, failed: 1, file: ERRORS_BASE64 },
  },
  partialNoFile: {
    status: 206,
    body: { description: 'Se registraron 2 residentes; 1 fila falló.', created: 2, failed: 1 },
  },
  refused: {
    status: 415,
    body: { error: 'unsupported_media_type', error_description: 'Solo se aceptan archivos de Excel (.xlsx).' },
  },
  crashed: { status: 500, body: { error: 'server_error', error_description: 'Error interno del servidor' } },
};

/** What the upload child was given in the running test (its input: the chosen file). */
export const uploads: unknown[] = [];

/** The Excel import modal of /newResidents (import, .xlsx only, texts). */
export const residentImportModel: ModelSpec<typeof residentImportMachine> = {
  name: 'residentImport',
  // Standing alone it has no page to tell; the upload child is a recorder of its input (its reports are events of the path).
  machine: residentImportMachine.provide({
    actions: { report: () => {} },
    actors: {
      uploadFile: fromCallback(({ input }) => {
        uploads.push(input);
      }) as never,
    },
  }),
  inputs: [{ name: 'the modal opens', input: undefined }],
  key: (s) => [s.context.file?.name ?? null, s.context.problem, s.context.progress, s.context.errorFile !== null],
  events: (s) => {
    const answered = (list: (keyof typeof answers)[]) => list.map((k) => ({ type: 'upload.answered', ...answers[k] }));
    switch (s.value as string) {
      case 'noFile':
        return [
          { type: 'file.pick', file: sheets.residents },
          { type: 'file.pick', file: sheets.pdf },
          { type: 'file.pick', file: sheets.huge },
          { type: 'import.close' },
        ];
      case 'wrongType':
        return [
          { type: 'file.pick', file: sheets.residents },
          { type: 'file.pick', file: sheets.pdf },
          { type: 'import.close' },
        ];
      case 'fileChosen':
        return [
          { type: 'upload.start', file: s.context.file },
          ...(s.context.file!.name === sheets.residents.name ? [{ type: 'file.pick', file: sheets.other }] : []),
          { type: 'file.pick', file: sheets.pdf },
          { type: 'import.close' },
        ];
      case 'uploading':
        return [
          ...(s.context.progress === 0 ? [{ type: 'upload.progress', percent: 42.4 }] : []),
          { type: 'upload.sent' },
          ...answered(['done', 'partial', 'refused']),
          { type: 'upload.failed' },
        ];
      case 'processing':
        return [...answered(['done', 'partial', 'partialNoFile', 'refused', 'crashed']), { type: 'upload.failed' }];
      case 'partial':
        return [{ type: 'errors.download' }, { type: 'dialog.close' }];
      case 'downloading':
        return [
          { type: 'xstate.done.actor.download', output: undefined },
          { type: 'xstate.error.actor.download', error: new Error('base64 inválido') },
        ];
      case 'allCreated':
      case 'failed':
      case 'downloadFailed':
        return [{ type: 'dialog.close' }];
      default:
        return [];
    }
  },
};

type Probe = ActorProbe<typeof residentImportMachine>;
const fail = (message: string) => {
  throw new Error(message);
};
const last = (p: Probe) => p.events.at(-1);
const lastOf = (p: Probe, type: string) => [...p.events].reverse().find((e) => e.type === type);
/** The reports the modal made to the page in the running test (`import.closed`). */
export const importReports: string[] = [];
residentImportModel.expectations = {
  '"wrongType"': [
    {
      says: "Solo se acepta .xlsx: otro archivo muestra 'Solo se aceptan archivos de Excel (.xlsx).'; uno de más de 10 MB, 'El archivo no debe pesar más de 10 MB.'",
      actor: (p) => {
        const picked = lastOf(p, 'file.pick')!.file;
        const expected = picked.name.endsWith('.pdf')
          ? 'Solo se aceptan archivos de Excel (.xlsx).'
          : 'El archivo no debe pesar más de 10 MB.';
        if (p.snapshot.context.problem !== expected) fail(`dice '${p.snapshot.context.problem}'`);
      },
      view: (p) => {
        if (!p.screen.getByRole('alert').textContent.includes(String(p.context.problem))) fail('no se ve el aviso');
      },
    },
  ],
  '"fileChosen"': [
    {
      says: 'El archivo elegido se muestra y se puede importar',
      actor: (p) => {
        if (p.snapshot.context.file?.name !== lastOf(p, 'file.pick')!.file.name) fail('otro archivo');
      },
      view: (p) => {
        if (p.screen.getByTestId('import-file').textContent !== p.context.file?.name) fail('no se ve el archivo');
      },
    },
  ],
  '"uploading"': [
    {
      says: 'El archivo elegido se envía (POST api/residents/importResidents/) y la barra muestra el avance de la subida',
      actor: (p) => {
        if ((uploads.at(-1) as { file: unknown })?.file !== lastOf(p, 'upload.start')!.file)
          fail('se envió otro archivo');
        const progress = lastOf(p, 'upload.progress');
        const expected =
          progress && p.events.lastIndexOf(progress) > p.events.lastIndexOf(lastOf(p, 'upload.start')!)
            ? Math.round(progress.percent)
            : 0;
        if (p.snapshot.context.progress !== expected) fail(`avance ${p.snapshot.context.progress}`);
      },
      view: (p) => {
        if (!p.screen.getByText(`${p.context.progress}%`)) fail('no se ve el avance');
      },
    },
  ],
  '"processing"': [
    {
      says: 'Subido el archivo, la barra está completa mientras el servidor procesa',
      actor: (p) => {
        if (p.snapshot.context.progress !== 100) fail(`avance ${p.snapshot.context.progress}`);
      },
      view: (p) => {
        if (!p.screen.getByText('Procesando residentes…')) fail('no dice que procesa');
      },
    },
  ],
  '"allCreated"': [
    {
      says: 'Todo creado (200): el aviso muestra la descripción del servidor',
      actor: (p) => {
        if (p.snapshot.context.description !== answers.done.body.description)
          fail(`dice '${p.snapshot.context.description}'`);
      },
      view: (p) => {
        if (!p.screen.getAllByText(answers.done.body.description, { ignore: false }).length) fail('no se ve');
      },
    },
  ],
  '"partial"': [
    {
      says: "206: 'Error Parcial' / 'Algunos registros fallaron. Descarga el archivo para más detalles.' y se ofrece Errores.xlsx",
      actor: (p) => {
        const body = lastOf(p, 'upload.answered')!.body;
        if (p.snapshot.context.errorFile !== (body.file ?? null)) fail('otro archivo de errores');
      },
      view: (p) => {
        const dialogs = p.screen
          .getAllByRole('alertdialog', { hidden: true })
          .map((d: HTMLElement) => d.textContent)
          .join(' ');
        if (
          !dialogs.includes('Error Parcial') ||
          !dialogs.includes('Algunos registros fallaron. Descarga el archivo para más detalles.')
        )
          fail('no se ve Error Parcial');
      },
    },
  ],
  '"downloading"': [
    {
      says: 'Descargar guarda el archivo de errores del servidor como Errores.xlsx',
      actor: (p) => {
        if (p.calls.filter((c) => c.src === 'saveErrorFile').at(-1)?.input.base64 !== ERRORS_BASE64)
          fail('otro archivo');
      },
    },
  ],
  '"downloadFailed"': [
    {
      says: "Sin archivo de errores (o ilegible): 'No se pudo generar el archivo de errores.'",
      actor: (p) => {
        if (last(p)!.type === 'errors.download' && p.snapshot.context.errorFile !== null) fail('había archivo');
      },
      view: (p) => {
        const dialogs = p.screen
          .getAllByRole('alertdialog', { hidden: true })
          .map((d: HTMLElement) => d.textContent)
          .join(' ');
        if (!dialogs.includes('No se pudo generar el archivo de errores.')) fail('no se ve');
      },
    },
  ],
  '"failed"': [
    {
      says: "'Error' con el texto del servidor; un fallo de red o del servidor (500): 'Ocurrió un error inesperado.'",
      actor: (p) => {
        const e = last(p)!;
        const expected =
          e.type === 'upload.answered' && e.status < 500 ? e.body.error_description : 'Ocurrió un error inesperado.';
        if (p.snapshot.context.error !== expected) fail(`dice '${p.snapshot.context.error}'`);
      },
      view: (p) => {
        const dialogs = p.screen
          .getAllByRole('alertdialog', { hidden: true })
          .map((d: HTMLElement) => d.textContent)
          .join(' ');
        if (!dialogs.includes(String(p.context.error))) fail('no se ve el error');
      },
    },
  ],
  '"closed"': [
    {
      says: 'Cerrar el modal lo termina y se lo dice a la página',
      actor: (p) => {
        if (p.snapshot.status !== 'done' || importReports.at(-1) !== 'import.closed') fail('no se informó');
      },
    },
  ],
};
residentImportModel.describeEvent = (e) =>
  (
    ({
      'file.pick': `elige ${e.file?.name}`,
      'upload.start': 'pulsa Importar',
      'upload.progress': `la subida va en ${e.percent}%`,
      'upload.sent': 'el archivo terminó de subir',
      'upload.answered': `el servidor responde ${e.status}`,
      'upload.failed': 'falla la red',
      'errors.download': 'pulsa Descargar Errores.xlsx',
      'dialog.close': 'cierra el aviso',
      'import.close': 'cierra el modal',
      'xstate.done.actor.download': 'se guarda Errores.xlsx',
      'xstate.error.actor.download': 'el archivo de errores no se puede leer',
    }) as Record<string, string>
  )[e.type] ?? e.type;

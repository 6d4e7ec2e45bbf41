import { guestImportMachine } from '../../../machines/massive-events/guest-import.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

const HEADER = ['Nombre', 'Apellidos', 'Teléfono', 'Correo Electrónico'];
export const existingGuest = { firstName: 'Ana', lastName: 'López' };
const row = (i: number) => [`Invitado${i}`, 'Pérez', '5512345678', `invitado${i}@correo.mx`];

/** Sheets as the reader answers them (header and rows as texts). */
export const sheets = {
  good: { header: HEADER, rows: [row(1), row(2), row(3)] },
  withRepeated: { header: HEADER, rows: [row(1), ['ana', 'LÓPEZ', '', ''], row(1)] },
  onlyRepeated: { header: HEADER, rows: [['Ana', 'López', '', '']] },
  badHeader: { header: ['Nombre', 'Apellido', 'Correo'], rows: [row(1)] },
  fiveBad: {
    header: HEADER,
    rows: [
      ['', 'Pérez'],
      ['Luis', ''],
      ['Eva', 'Ruiz', '', 'EVA@correo'],
      ['x', 'y', 'abc'],
      row(5),
      ['', '', '', 'a@b.mx'],
    ],
  },
  empty: { header: HEADER, rows: [] },
  large: { header: HEADER, rows: Array.from({ length: 1001 }, (_, i) => row(i + 10)) },
};
export const readProblem = { problem: 'El archivo tiene fórmulas (celda B2); pega solo valores e intenta nuevamente.' };
export const uploadFailure = {
  kind: 'http',
  status: 409,
  body: {
    error: 'conflict',
    error_description: 'No es posible modificar los invitados de un evento terminado o cancelado.',
  },
};

const picks = (where: string) => [
  { type: 'file.pick', file: { name: 'invitados.xlsx', size: 2048 } },
  { type: 'file.pick', file: { name: 'notas.txt', size: 20 } },
  ...(where === 'wizard'
    ? [{ type: 'file.pick', file: { name: 'invitados.csv', size: 300 } }]
    : [{ type: 'file.pick', file: { name: 'invitados.csv', size: 300 } }]),
];

export const guestImportModel: ModelSpec = {
  name: 'guestImport',
  run: { actors: ['readSheet', 'uploadGuests', 'invitationDownload'] },
  machine: guestImportMachine,
  inputs: [
    { name: 'asistente', input: { where: 'wizard', existing: [existingGuest] } },
    { name: 'pantalla de invitados', input: { where: 'guests' } },
  ],
  key: (s) => ({
    where: s.context.where,
    fresh: s.context.fresh.length,
    repeated: s.context.repeated.length,
    toSend: s.context.toSend.length,
    sent: s.context.sent,
    problem: s.context.problem,
    returnTo: s.context.returnTo,
  }),
  events: (s) => {
    const where = s.context.where;
    const pickAgain = picks(where).slice(0, 2);
    switch (s.value as string) {
      case 'noFile':
        return [...picks(where), { type: 'import.submit' }, { type: 'import.close' }];
      case 'reading':
        return [
          ...Object.entries(sheets).map(([, sheet]) => ({
            type: 'xstate.done.actor.readSheet',
            output: where === 'guests' ? { ...sheet, existing: [existingGuest] } : sheet,
          })),
          { type: 'xstate.error.actor.readSheet', error: readProblem },
        ];
      case 'wrongType':
      case 'unreadable':
      case 'wrongHeader':
      case 'rowErrors':
        return [...pickAgain, { type: 'import.close' }];
      case 'summary':
        return [{ type: 'import.confirm' }, ...pickAgain, { type: 'import.close' }];
      case 'confirmingDuplicates':
        return [{ type: 'duplicates.accept' }, { type: 'duplicates.reject' }, { type: 'import.close' }];
      case 'uploading': {
        const chunk = s.context.toSend.slice(s.context.sent, s.context.sent + 1000);
        return [
          {
            type: 'xstate.done.actor.uploadGuests',
            output: chunk.map((g: Record<string, unknown>, i: number) => ({
              ...g,
              id: s.context.sent + i,
              uuid: `n${s.context.sent + i}`,
              massiveEvent: { uuid: 'e1' },
            })),
          },
          { type: 'xstate.error.actor.uploadGuests', error: uploadFailure },
          { type: 'import.close' },
        ];
      }
      case 'done':
        return [{ type: 'invitations.download' }, { type: 'import.close' }];
      case 'downloading':
        return [
          { type: 'xstate.done.actor.invitationDownload', output: { saved: true, returnTo: null } },
          { type: 'xstate.done.actor.invitationDownload', output: { saved: false, returnTo: '/massiveEvents' } },
        ];
      case 'failed':
        return [{ type: 'upload.retry' }, { type: 'import.close' }];
      default:
        return [];
    }
  },
};

/* What the spec says holds (import flow, Guest import). */
type Probe = ActorProbe;
const fail = (message: string) => {
  throw new Error(message);
};
const lastPick = (p: Probe) =>
  [...p.events].reverse().find((e) => e.type === 'file.pick')?.file.name as string | undefined;
const lastRead = (p: Probe) => [...p.events].reverse().find((e) => e.type === 'xstate.done.actor.readSheet')?.output;
const name = (g: { firstName: string; lastName: string }) => `${g.firstName} ${g.lastName}`.toLowerCase();

guestImportModel.expectations = {
  '"noFile"': [
    {
      says: "'Importar' sin archivo dice 'No se seleccionó ningún archivo.'",
      actor: (p) => {
        if (
          p.events.at(-1)?.type === 'import.submit' &&
          p.snapshot.context.problem !== 'No se seleccionó ningún archivo.'
        )
          fail(`dice '${p.snapshot.context.problem}'`);
      },
      view: (p) => {
        if (p.events.at(-1)?.type === 'import.submit') p.screen.getByText('No se seleccionó ningún archivo.');
      },
    },
  ],
  '"wrongType"': [
    {
      says: "En la pantalla de invitados solo .xlsx; el asistente acepta xlsx, xls, csv y ods; otro tipo: 'El tipo de archivo es incorrecto'",
      actor: (p) => {
        const file = lastPick(p)!;
        const ok = p.snapshot.context.where === 'guests' ? ['xlsx'] : ['xlsx', 'xls', 'csv', 'ods'];
        if (ok.includes(file.split('.').pop()!)) fail(`${file} se rechazó`);
        if (p.snapshot.context.problem !== 'El tipo de archivo es incorrecto')
          fail(`dice '${p.snapshot.context.problem}'`);
      },
      view: (p) => {
        p.screen.getByText('El tipo de archivo es incorrecto');
      },
    },
  ],
  '"wrongHeader"': [
    {
      says: "Encabezado distinto de Nombre, Apellidos, Teléfono, Correo Electrónico: 'El formato es incorrecto' y se nombran las columnas que faltan y las que sobran",
      actor: (p) => {
        const { problem, header } = p.snapshot.context;
        if (problem !== 'El formato es incorrecto') fail(`dice '${problem}'`);
        if (
          !header.missing.includes('Apellidos') ||
          !header.missing.includes('Teléfono') ||
          !header.extra.includes('Apellido')
        )
          fail(JSON.stringify(header));
      },
      view: (p) => {
        p.screen.getByText('El formato es incorrecto');
        p.screen.getByText(/Faltan las columnas: Apellidos, Teléfono/);
      },
    },
  ],
  '"rowErrors"': [
    {
      says: "'No es posible completar la carga'; en el asistente se listan los errores por renglón y solo los 4 primeros cuando hay más; en la pantalla de invitados 'Detectamos un error en el Nº registro …'",
      actor: (p) => {
        const { rowErrors, errorCount, problem } = p.snapshot.context;
        if (problem !== 'No es posible completar la carga') fail(`dice '${problem}'`);
        // The fixture has 5 bad rows (a name missing, a last name missing, an upper-case email, letters in the phone, an email alone).
        if (errorCount !== 5 || rowErrors.length !== 4) fail(`${errorCount} errores, ${rowErrors.length} mostrados`);
        if (rowErrors[0].row !== 2) fail(`el primero es el registro ${rowErrors[0].row}`);
      },
      view: (p) => {
        p.screen.getByText('No es posible completar la carga');
        if (p.context.where === 'wizard') {
          if (p.screen.getByTestId('row-errors').querySelectorAll('li').length !== 4) fail('no muestra 4');
        } else p.screen.getByText(/Detectamos un error en el Nº registro 2 de la lista/);
      },
    },
  ],
  '"summary"': [
    {
      says: 'El resumen cuenta nuevos y repetidos (mismo nombre y apellidos que un invitado de la lista o un renglón anterior, sin distinguir mayúsculas ni acentos)',
      actor: (p) => {
        const read = lastRead(p);
        const seen = new Set(['ana lópez']);
        let repeated = 0;
        for (const r of read.rows) {
          const n = `${r[0]} ${r[1]}`.toLowerCase();
          if (seen.has(n)) repeated += 1;
          seen.add(n);
        }
        const { fresh, repeated: rep } = p.snapshot.context;
        if (rep.length !== repeated || fresh.length !== read.rows.length - repeated)
          fail(`${fresh.length} nuevos, ${rep.length} repetidos`);
      },
      view: (p) => {
        p.screen.getByTestId('import-summary');
      },
    },
  ],
  '"confirmingDuplicates"': [
    {
      says: "Los repetidos se preguntan: '¿Estás seguro de agregarlo(s) nuevamente?'",
      view: (p) => {
        p.screen.getByText('¿Estás seguro de agregarlo(s) nuevamente?');
      },
    },
  ],
  '"uploading"': [
    {
      says: 'No se envía ningún repetido sin confirmar; se envían en bloques de hasta 1,000',
      actor: (p) => {
        const accepted = p.events.some((e) => e.type === 'duplicates.accept');
        const repeated = new Set(p.snapshot.context.repeated.map(name));
        for (const call of p.calls.filter((c) => c.src === 'uploadGuests')) {
          if (call.input.guests.length > 1000) fail('bloque de más de 1,000');
          // A repeated one is only sent after 'Si, agregar' (names of the fresh ones never repeat a repeated one in the fixtures but row 1 twice).
          if (
            !accepted &&
            call.input.guests.filter((g: { firstName: string; lastName: string }) => repeated.has(name(g))).length >
              p.snapshot.context.fresh.filter((g: { firstName: string; lastName: string }) => repeated.has(name(g)))
                .length
          )
            fail('envió un repetido sin confirmar');
        }
        if (!accepted && p.snapshot.context.toSend.length !== p.snapshot.context.fresh.length)
          fail('envía repetidos sin confirmar');
      },
    },
  ],
  '"done"': [
    {
      says: 'Al terminar dice cuántos se agregaron y ofrece descargar las invitaciones de los nuevos',
      actor: (p) => {
        if (p.snapshot.context.created.length !== p.snapshot.context.toSend.length) fail('no se crearon todos');
      },
      view: (p) => {
        p.screen.getByRole('button', { name: 'Descargar invitaciones', hidden: true });
      },
    },
  ],
  '"downloading"': [
    {
      says: 'Descargar invitaciones pide las de los invitados nuevos, los que esta importación creó (GET api/massiveEventGuests/invitation?uuid=..)',
      actor: (p) => {
        const call = p.calls.filter((c) => c.src === 'invitationDownload').at(-1) ?? fail('no pidió la descarga');
        const created = p.snapshot.context.created.map((g: { uuid: string }) => g.uuid);
        if (
          created.length === 0 ||
          JSON.stringify(call.input.target) !== JSON.stringify({ kind: 'guests', uuids: created })
        )
          fail(`pidió ${JSON.stringify(call.input.target)}`);
      },
    },
  ],
  '"closed"': [
    {
      says: 'Si la descarga de invitaciones falla, al cerrar su aviso se vuelve a /massiveEvents; cerrar sin descarga fallida no lleva a ningún lado',
      actor: (p) => {
        const last = p.events.at(-1);
        const want =
          last?.type === 'xstate.done.actor.invitationDownload' && last.output.returnTo ? '/massiveEvents' : null;
        if (p.snapshot.output?.returnTo !== want) fail(`returnTo ${p.snapshot.output?.returnTo}`);
      },
    },
  ],
  '"failed"': [
    {
      says: "Si la carga falla se dice 'Ha ocurrido un error' con el texto del servidor",
      actor: (p) => {
        if (p.snapshot.context.error !== uploadFailure.body.error_description)
          fail(`dice '${p.snapshot.context.error}'`);
      },
      view: (p) => {
        p.screen.getByText(uploadFailure.body.error_description);
      },
    },
  ],
};

const sheetName = (output: { rows: unknown }) =>
  Object.entries(sheets).find(([, sh]) => sh.rows === output.rows)?.[0] ?? 'hoja';
guestImportModel.describeEvent = (e) => {
  switch (e.type) {
    case 'file.pick':
      return `elige ${e.file.name}`;
    case 'xstate.done.actor.readSheet':
      return `lee la hoja «${sheetName(e.output)}»`;
    case 'xstate.error.actor.readSheet':
      return 'no se puede leer (fórmulas)';
    case 'xstate.done.actor.uploadGuests':
      return `el servidor crea ${e.output.length}`;
    case 'xstate.error.actor.uploadGuests':
      return 'el servidor se niega (409)';
    case 'xstate.done.actor.invitationDownload':
      return e.output.returnTo ? 'la descarga falla (aviso cerrado)' : 'la descarga termina';
    default:
      return e.type;
  }
};

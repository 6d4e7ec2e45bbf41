import {
  workerRequestMachine,
  type WorkerRequestPayload,
} from '../../../machines/contractors/worker-request.machine.js';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';
import type { ViewProbe } from '../../support/view-paths.js';

const must = (ok: boolean, what: string) => {
  if (!ok) throw new Error(what);
};
const lastDialogText = (probe: ViewProbe) => {
  const dialogs = probe.screen.getAllByRole('alertdialog', { hidden: true });
  return dialogs[dialogs.length - 1]!.textContent ?? '';
};

const file = (name: string, mimeType: string) => ({
  name,
  extension: name.split('.').pop()!,
  mimeType,
  content: 'AAAA',
});
export const SITE = '7d1e3c0a-5b2f-4c8e-9a1d-2f3b4c5d6e7f';
export const OTHER_SITE = '8e2f4d1b-6c3a-4d9f-8b2e-3a4c5d6e7f80';
export const requestPayload: WorkerRequestPayload = {
  construction: { uuid: SITE },
  workers: [
    {
      firstName: 'Ana',
      lastName: 'Pérez',
      photo: file('foto.png', 'image/png'),
      identification: file('ine.pdf', 'application/pdf'),
      proofOfAddress: file('recibo.jpg', 'image/jpeg'),
    },
  ],
};
/** What the person drops in a document slot (the page's reader makes it the payload). */
export const pickedDocument = (slot: 'identification' | 'proofOfAddress') =>
  slot === 'identification'
    ? new File(['%PDF'], 'ine.pdf', { type: 'application/pdf' })
    : new File(['jpeg'], 'recibo.jpg', { type: 'image/jpeg' });
export const sentAna = { uuid: 'w1', name: 'Ana Pérez', status: 'Pendiente', rejectReason: null };

/** The worker an administrator edits (GET api/constructionWorkers/{id}): stored files, shown by their links. */
export const WORKER = '3c9a1f2e-4b5d-4e6f-8a7b-9c0d1e2f3a4b';
const stored = (uuid: string, name: string, mimeType: string) => ({
  uuid,
  name,
  mimeType,
  publicUrl: `/api/constructionWorkers/file?token=${uuid}`,
});
export const storedPhoto = stored('1a2b3c4d-0000-4000-8000-000000000001', 'foto.png', 'image/png');
export const storedId = stored('1a2b3c4d-0000-4000-8000-000000000002', 'ine.pdf', 'application/pdf');
export const storedProof = stored('1a2b3c4d-0000-4000-8000-000000000003', 'recibo.jpg', 'image/jpeg');
export const editedWorker = (status: string) => ({
  uuid: WORKER,
  firstName: 'Rita',
  lastName: 'Rojas',
  status,
  construction: { uuid: SITE },
  photo: storedPhoto,
  identification: storedId,
  proofOfAddress: storedProof,
});
export const EDIT_CONFLICT = 'Solo se puedan editar trabajadores que no han sido aprobados.';
export const REASON = 'Identificación ilegible';

export const workerRequestModel: ModelSpec<typeof workerRequestMachine> = {
  name: 'workerRequest',
  machine: workerRequestMachine,
  run: { actors: ['loadWorker', 'readDocument'] },
  recordedChildren: ['sendRequest'],
  recordedActions: ['leave'],
  inputs: [
    { name: 'contratista', input: undefined },
    { name: 'contratista desde su obra', input: { construction: SITE } },
    { name: 'administrador edita', input: { token: WORKER, administrator: true } },
    { name: 'contratista con token', input: { token: WORKER, administrator: false } },
  ],
  key: (s) => ({
    progress: s.context.progress,
    sent: s.context.sent.map((w: { status: string }) => w.status),
    filled: [
      s.context.sites.length,
      ...Object.values(s.context.values),
      ...Object.values(s.context.files).map(Boolean),
      ...s.context.reading,
    ].join('|'),
    errors: Object.keys(s.context.errors).length > 0,
  }),
  events: (s) => {
    const value = JSON.stringify(s.value);
    if (value === '"loading"') {
      return [
        { type: 'xstate.done.actor.loadWorker', output: editedWorker('Rechazado') },
        { type: 'xstate.done.actor.loadWorker', output: editedWorker('Aprobado') },
        {
          type: 'xstate.error.actor.loadWorker',
          error: {
            kind: 'http',
            status: 404,
            body: { error: 'not_found', error_description: 'El trabajador no existe.' },
          },
        },
      ];
    }
    if (value === '"refused"' || value === '"loadFailed"') return [{ type: 'dialog.close' }];
    if (value === '"filling"') {
      const w = requestPayload.workers[0]!;
      const { values, files } = s.context;
      // The next empty field, in the form's order: the paths fill it field by field.
      const next = !values.firstName
        ? { type: 'field.change', name: 'firstName', value: w.firstName }
        : !values.lastName
          ? { type: 'field.change', name: 'lastName', value: w.lastName }
          : !values.construction
            ? { type: 'field.change', name: 'construction', value: SITE }
            : !files.photo
              ? { type: 'file.set', slot: 'photo', file: w.photo }
              : !files.identification
                ? s.context.reading.includes('identification')
                  ? { type: 'xstate.done.actor.read.identification', output: w.identification }
                  : { type: 'file.pick', slot: 'identification', file: pickedDocument('identification') }
                : !files.proofOfAddress
                  ? s.context.reading.includes('proofOfAddress')
                    ? { type: 'xstate.done.actor.read.proofOfAddress', output: w.proofOfAddress }
                    : { type: 'file.pick', slot: 'proofOfAddress', file: pickedDocument('proofOfAddress') }
                  : null;
      return [
        ...(values.firstName ? [] : [{ type: 'submit', payload: requestPayload }]),
        { type: 'form.submit' },
        ...(s.context.sites.length || values.firstName || s.context.payload
          ? []
          : [{ type: 'sites.loaded', sites: [{ value: SITE, label: 'Casa Roble 30' }] }]),
        ...(next ? [next] : []),
        ...(values.construction ? [{ type: 'field.change', name: 'construction', value: OTHER_SITE }] : []),
        ...(files.photo ? [{ type: 'file.remove', slot: 'photo' }] : []),
      ];
    }
    if (value === '"uploading"') {
      return [
        ...(s.context.progress === 0 ? [{ type: 'upload.progress', percent: 50 }] : []),
        { type: 'upload.done', workers: [sentAna] },
        { type: 'upload.failed', error: 'La obra no existe.' },
        // Editing: the server refuses by the rule that only a worker not approved is edited (the worker was approved meanwhile).
        ...(s.context.editing ? [{ type: 'upload.failed', error: EDIT_CONFLICT, status: 409 }] : []),
      ];
    }
    if (value === '"failed"' || value === '"submitted"') return [{ type: 'dialog.close' }];
    if (value.startsWith('{"watching"')) {
      return [
        { type: 'worker.decided', uuid: 'w1', status: 'Aprobado', rejectReason: null },
        { type: 'worker.decided', uuid: 'w1', status: 'Rechazado', rejectReason: REASON },
        { type: 'worker.decided', uuid: 'otro', status: 'Rechazado', rejectReason: REASON },
        { type: 'request.again' },
      ];
    }
    return [];
  },
};
workerRequestModel.describeEvent = (e) => {
  const ev = e as { type: string; status?: string; uuid?: string; percent?: number };
  if (ev.type === 'worker.decided') return `el administrador decide ${ev.status} (${ev.uuid})`;
  return (
    (
      {
        submit: 'envía la solicitud',
        'upload.progress': `sube ${ev.percent}%`,
        'upload.done': 'el servidor la recibe',
        'upload.failed': 'el servidor la rechaza',
        'dialog.close': 'cierra el aviso',
        'request.again': 'solicita otra vez',
        'xstate.done.actor.loadWorker': `lee al trabajador a editar (${(e as { output?: { status?: string } }).output?.status ?? ''})`,
        'xstate.error.actor.loadWorker': 'no puede leer al trabajador',
        'file.set': 'recorta la foto',
        'file.pick': 'suelta un documento',
        'xstate.done.actor.read.identification': 'la página lee la identificación',
        'xstate.done.actor.read.proofOfAddress': 'la página lee el comprobante',
      } as Record<string, string>
    )[ev.type] ?? ev.type
  );
};

type Probe = ActorProbe<typeof workerRequestMachine>;
type Input = { construction?: string | null; token?: string | null; administrator?: boolean } | undefined;
const SLOTS = ['photo', 'identification', 'proofOfAddress'] as const;
const LOAD_FAILED = 'El trabajador no existe.';

/**
 * What the specification says the worker form is at after the path's events, replayed from its
 * rules (never read from the machine):
 * - 'Registrar trabajador' opens empty, with the site pre-selected and locked when the screen was
 *   given one; 'Editar trabajador' (token) is for administrators only (a contractor cannot edit),
 *   reads the worker and edits it only if it is not approved ('Solo se puedan editar trabajadores
 *   que no han sido aprobados.'); a failed read shows the server's text; closing either returns to /workers;
 * - first and last name, the site and the three files are required: an incomplete form shows its
 *   messages and sends nothing; a field changed or a file given loses its message;
 * - a picked document is read by the page and takes its place; a removed file leaves it empty;
 * - sending shows its progress; the server's answer is 'Solicitud de trabajador enviada' (an edit
 *   '¡Trabajador actualizado exitosamente!', then back to /workers); a refusal shows its text and
 *   the form keeps what was filled; refusing an edit because the worker is approved says why;
 * - a contractor's new worker is a pending request: all approved gives 'Solicitud aprobada', any
 *   rejected 'Solicitud rechazada', otherwise 'Solicitud pendiente'; another site's decisions
 *   change nothing; requesting again empties the form and keeps the site.
 */
export function requestSays(input: Input, events: AnyEventObject[]) {
  const editing = input?.token ?? null;
  const st = {
    state: editing ? (input?.administrator ? 'loading' : 'refused') : 'filling',
    values: { firstName: '', lastName: '', construction: input?.construction ?? '' },
    files: { photo: false, identification: false, proofOfAddress: false } as Record<(typeof SLOTS)[number], boolean>,
    shownErrors: [] as string[],
    progress: 0,
    sent: [] as { uuid: string; status: string }[],
    error: (editing && !input?.administrator ? 'Solo un administrador puede editar trabajadores.' : null) as
      | string
      | null,
    left: 0,
    /** The sites the select offers, as they arrived. */
    sites: 0,
  };
  const locked = Boolean(input?.construction);
  const missing = () => [
    ...(['firstName', 'lastName', 'construction'] as const).filter((k) => !st.values[k].trim()),
    ...SLOTS.filter((k) => !st.files[k]),
  ];
  const status = () => {
    if (st.sent.some((w) => w.status === 'Rechazado')) return 'rejected';
    if (st.sent.length && st.sent.every((w) => w.status === 'Aprobado')) return 'approved';
    return 'pending';
  };
  for (const e of events) {
    const watching = st.state.startsWith('watching');
    if (e.type === 'sites.loaded') {
      st.sites = e.sites.length;
      continue;
    }
    switch (`${watching ? 'watching' : st.state} ${e.type}`) {
      case 'loading xstate.done.actor.loadWorker':
        if (e.output.status === 'Aprobado') {
          st.state = 'refused';
          st.error = EDIT_CONFLICT;
        } else {
          st.state = 'filling';
          st.values = {
            firstName: e.output.firstName,
            lastName: e.output.lastName,
            construction: e.output.construction.uuid,
          };
          st.files = { photo: true, identification: true, proofOfAddress: true };
        }
        break;
      case 'loading xstate.error.actor.loadWorker':
        st.state = 'loadFailed';
        st.error = LOAD_FAILED;
        break;
      case 'loadFailed dialog.close':
      case 'refused dialog.close':
        st.state = 'closed';
        st.left += 1;
        break;
      case 'filling field.change':
        if (e.name === 'construction' && locked) break;
        st.values = { ...st.values, [e.name]: e.value };
        st.shownErrors = st.shownErrors.filter((k) => k !== e.name);
        break;
      case 'filling file.set':
        st.files[e.slot as 'photo'] = true;
        st.shownErrors = st.shownErrors.filter((k) => k !== e.slot);
        break;
      case 'filling xstate.done.actor.read.identification':
      case 'filling xstate.done.actor.read.proofOfAddress': {
        const slot = e.type.slice('xstate.done.actor.read.'.length) as 'identification';
        st.files[slot] = true;
        st.shownErrors = st.shownErrors.filter((k) => k !== slot);
        break;
      }
      case 'filling file.remove':
        st.files[e.slot as 'photo'] = false;
        break;
      case 'filling file.pick':
        break;
      case 'filling form.submit':
        if (missing().length) st.shownErrors = missing();
        else {
          st.state = 'uploading';
          st.progress = 0;
          st.shownErrors = [];
          st.error = null;
        }
        break;
      case 'filling submit':
        st.state = 'uploading';
        st.progress = 0;
        st.error = null;
        break;
      case 'uploading upload.progress':
        st.progress = e.percent;
        break;
      case 'uploading upload.done':
        st.state = 'submitted';
        st.progress = 100;
        st.sent = e.workers.map((w: { uuid: string; status: string }) => ({ uuid: w.uuid, status: w.status }));
        break;
      case 'uploading upload.failed':
        st.state = editing && e.status === 409 ? 'refused' : 'failed';
        st.error = e.error;
        break;
      case 'failed dialog.close':
        st.state = 'filling';
        break;
      case 'submitted dialog.close':
        if (editing) {
          st.state = 'closed';
          st.left += 1;
        } else st.state = `watching.${status()}`;
        break;
      case 'watching worker.decided':
        st.sent = st.sent.map((w) => (w.uuid === e.uuid ? { ...w, status: e.status } : w));
        st.state = `watching.${status()}`;
        break;
      case 'watching request.again':
        st.state = 'filling';
        st.values = { firstName: '', lastName: '', construction: st.values.construction };
        st.files = { photo: false, identification: false, proofOfAddress: false };
        st.shownErrors = [];
        st.progress = 0;
        st.sent = [];
        st.error = null;
        break;
      default:
        throw new Error(`el spec no dice qué hace '${e.type}' en ${st.state}`);
    }
  }
  return st;
}

const said = (p: Probe) => requestSays(p.input, p.events);
const shownState = (p: Probe) => {
  const v = p.snapshot.value;
  return typeof v === 'string' ? v : `watching.${(v as { watching: string }).watching}`;
};
/** The state the spec's rules lead to is the one the form shows. */
const reached = (p: Probe) => expect(shownState(p), 'lo que muestra el formulario').toBe(said(p).state);
/** The form shows what was typed, read or given, and the messages of an incomplete send until the field changes. */
const formShown = (p: Probe) => {
  const s = said(p);
  const c = p.snapshot.context;
  expect(c.values, 'los campos').toEqual(s.values);
  expect(Object.fromEntries(SLOTS.map((k) => [k, c.files[k] !== null])), 'los archivos').toEqual(s.files);
  expect(Object.keys(c.errors).sort(), 'los mensajes').toEqual([...s.shownErrors].sort());
  expect(c.sites.length, 'las obras que ofrece el select').toBe(s.sites);
};
/** A dialog shows its text (the server's, or the rule's); once closed it is gone. */
const errorShown = (p: Probe) => expect(p.snapshot.context.error, 'el texto del aviso').toBe(said(p).error);
/** Returning to /workers happens once, when the dialog that ends the form is closed, and only then. */
const leftTimes = (p: Probe) =>
  expect(p.calls.filter((c) => String(c.src) === 'leave').length, 'volver a /workers').toBe(said(p).left);
const watchingSays = (status: string, words: string) => [
  {
    says: `${words}: la solicitud de un contratista queda pendiente; todos aprobados dan 'Solicitud aprobada', alguno rechazado 'Solicitud rechazada', si no 'Solicitud pendiente'; las decisiones de otra obra no cambian nada`,
    actor: (p: Probe) => {
      reached(p);
      expect(p.input?.token ?? null, 'una edición no espera decisión').toBeNull();
      expect(
        p.snapshot.context.sent.map((w) => w.status),
        'el estado de cada trabajador enviado',
      ).toEqual(said(p).sent.map((w) => w.status));
      expect(said(p).state).toBe(`watching.${status}`);
    },
  },
];

workerRequestModel.noExpectation = {
  boot: 'Decide al momento sin esperar a nadie (el actor nunca se queda aquí): edición de un administrador carga, de un contratista se niega, si no se llena; lo comprueban loading, refused y filling.',
  'watching.judging':
    'Decide al momento (el actor nunca se queda aquí): el estado de la obra se comprueba en pending, approved y rejected.',
};
workerRequestModel.expectations = {
  '"loading"': [
    {
      says: "'Editar trabajador' (solo un administrador) lee al trabajador del token",
      actor: (p) => {
        reached(p);
        expect(p.calls.find((c) => c.src === 'loadWorker')?.input).toEqual({ uuid: p.input?.token });
      },
    },
  ],
  '"loadFailed"': [
    {
      says: "No se pudo leer al trabajador: 'Ha ocurrido un error' con el texto del servidor; cerrarlo vuelve a /workers",
      actor: (p) => {
        reached(p);
        errorShown(p);
        leftTimes(p);
      },
    },
  ],
  '"refused"': [
    {
      says: "Un trabajador que no se puede editar aquí (un contratista no edita; solo se editan los no aprobados) se niega con 'No se puede realizar la siguiente acción' y el porqué; no se envía nada",
      actor: (p) => {
        reached(p);
        errorShown(p);
        leftTimes(p);
        expect(p.events.some((e) => e.type === 'upload.done')).toBe(false);
      },
      view: (p) =>
        must(
          lastDialogText(p).includes('No se puede realizar la siguiente acción') &&
            lastDialogText(p).includes(String(p.context.error)),
          'no refusal dialog with its reason',
        ),
    },
  ],
  '"closed"': [
    {
      says: 'El formulario termina volviendo a /workers una sola vez, al cerrar el aviso que lo acaba',
      actor: (p) => {
        reached(p);
        leftTimes(p);
      },
    },
  ],
  '"filling"': [
    {
      says: 'El formulario muestra lo escrito y los archivos dados (en edición, los del trabajador leído; la obra recibida fija); uno incompleto muestra sus mensajes y no envía nada',
      actor: (p) => {
        reached(p);
        formShown(p);
        errorShown(p);
        leftTimes(p);
      },
    },
    {
      says: 'Un documento elegido lo lee la página (una foto del teléfono se achica antes); lo leído es lo que queda en su lugar para enviarse',
      actor: (p) => {
        const last = p.events.at(-1);
        if (last?.type === 'file.pick') {
          const read = p.calls.filter((c) => c.src === 'readDocument').at(-1);
          must(read?.input.file === last.file && read?.input.slot === last.slot, 'the picked file was not read');
        }
        if (last?.type.startsWith('xstate.done.actor.read.')) {
          const slot = last.type.slice('xstate.done.actor.read.'.length) as 'identification' | 'proofOfAddress';
          must(p.snapshot.context.files[slot] === last.output, `${slot} does not hold what was read`);
        }
      },
    },
  ],
  '"uploading"': [
    {
      says: 'Enviar sube la solicitud con lo llenado, una vez por envío, mostrando su progreso',
      actor: (p) => {
        reached(p);
        const s = said(p);
        expect(p.snapshot.context.progress, 'el progreso').toBe(s.progress);
        const last = p.events.at(-1);
        if (last?.type === 'form.submit' || last?.type === 'submit') {
          // What the upload child is given: the request as filled (or as submitted whole).
          const payload = p.snapshot.context.payload;
          expect(payload?.workers[0]?.firstName).toBe(
            last.type === 'submit' ? last.payload.workers[0].firstName : s.values.firstName,
          );
          expect(payload?.construction.uuid).toBe(
            last.type === 'submit' ? last.payload.construction.uuid : s.values.construction,
          );
        }
      },
    },
  ],
  '"failed"': [
    {
      says: "El servidor rechazó el envío: 'Ha ocurrido un error' con su texto; el formulario conserva lo llenado",
      actor: (p) => {
        reached(p);
        errorShown(p);
      },
    },
  ],
  '"submitted"': [
    {
      says: "Recibido: 'Solicitud de trabajador enviada' (una edición '¡Trabajador actualizado exitosamente!'), con la subida completa",
      actor: (p) => {
        reached(p);
        expect(p.snapshot.context.progress).toBe(100);
        expect(p.snapshot.context.sent.map((w) => w.uuid)).toEqual(said(p).sent.map((w) => w.uuid));
      },
    },
  ],
  '{"watching":"pending"}': watchingSays('pending', "'Solicitud pendiente'"),
  '{"watching":"approved"}': watchingSays('approved', "'Solicitud aprobada'"),
  '{"watching":"rejected"}': watchingSays('rejected', "'Solicitud rechazada' con el nombre y el motivo"),
};

import {
  workerRequestMachine,
  type WorkerRequestPayload,
} from '../../../machines/contractors/worker-request.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';
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
  recordedChildren: ['sendRequest'],
  expectations: {
    '"filling"': [
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
    '"refused"': [
      {
        says: "A worker that cannot be edited here is refused with 'No se puede realizar la siguiente acción' and why; nothing is sent",
        actor: (p) =>
          must(
            Boolean(p.snapshot.context.error) && !p.events.some((e) => e.type === 'upload.done'),
            'refused without a reason, or after saving',
          ),
        view: (p) =>
          must(
            lastDialogText(p).includes('No se puede realizar la siguiente acción') &&
              lastDialogText(p).includes(String(p.context.error)),
            'no refusal dialog with its reason',
          ),
      },
    ],
  },
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

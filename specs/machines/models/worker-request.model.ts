import { workerRequestMachine, type WorkerRequestPayload } from '../../../machines/worker-request.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

const file = (name: string, mimeType: string) => ({ name, extension: name.split('.').pop()!, mimeType, content: 'AAAA' });
export const requestPayload: WorkerRequestPayload = {
  construction: { uuid: 'c1' },
  workers: [{
    firstName: 'Ana', lastName: 'Pérez',
    photo: file('foto.png', 'image/png'), identification: file('ine.pdf', 'application/pdf'), proofOfAddress: file('recibo.jpg', 'image/jpeg'),
  }],
};
export const sentAna = { uuid: 'w1', name: 'Ana Pérez', status: 'Pendiente', rejectReason: null };
export const REASON = 'Identificación ilegible';

export const workerRequestModel: ModelSpec = {
  name: 'workerRequest',
  machine: workerRequestMachine,
  inputs: [{ name: 'contratista', input: undefined }],
  recordedChildren: ['sendRequest'],
  key: (s) => ({ progress: s.context.progress, sent: s.context.sent.map((w: { status: string }) => w.status) }),
  events: (s) => {
    const value = JSON.stringify(s.value);
    if (value === '"filling"') return [{ type: 'submit', payload: requestPayload }];
    if (value === '"uploading"') {
      return [
        ...(s.context.progress === 0 ? [{ type: 'upload.progress', percent: 50 }] : []),
        { type: 'upload.done', workers: [sentAna] }, { type: 'upload.failed', error: 'La obra no existe.' },
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
  return ({
    submit: 'envía la solicitud', 'upload.progress': `sube ${ev.percent}%`, 'upload.done': 'el servidor la recibe',
    'upload.failed': 'el servidor la rechaza', 'dialog.close': 'cierra el aviso', 'request.again': 'solicita otra vez',
  } as Record<string, string>)[ev.type] ?? ev.type;
};

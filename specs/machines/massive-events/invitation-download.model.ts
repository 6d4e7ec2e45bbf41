import { invitationDownloadMachine } from '../../../machines/massive-events/invitation-download.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

const refused = {
  kind: 'http',
  status: 409,
  body: {
    error: 'conflict',
    error_description: 'No es posible descargar invitaciones de eventos terminados, incompletos o cancelados.',
  },
};
const fail = (message: string) => {
  throw new Error(message);
};

/** One download of invitations. */
export const invitationDownloadModel: ModelSpec<typeof invitationDownloadMachine> = {
  name: 'invitationDownload',
  machine: invitationDownloadMachine,
  inputs: [
    {
      name: 'two guests of the guests screen',
      input: {
        target: {
          kind: 'guests',
          uuids: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'],
        },
      },
    },
    {
      name: "two workers' credentials of /workers",
      input: {
        target: {
          kind: 'workers',
          uuids: ['00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004'],
        },
      },
    },
  ],
  events: (s) => {
    const value = JSON.stringify(s.value);
    const failed = { type: 'download.failed', error: refused };
    if (value.includes('requesting'))
      return [{ type: 'download.headers', fileName: 'invitaciones.zip', count: 2 }, failed];
    if (value.includes('rendering')) {
      return [
        { type: 'download.progress', received: s.context.received === 0 ? 65_536 : 131_072 },
        { type: 'download.saved' },
        failed,
      ];
    }
    if (value === '"saved"' || value === '"failed"') return [{ type: 'dialog.close' }];
    return [];
  },
  key: (s) => ({ received: s.context.received > 0 }),
};

invitationDownloadModel.expectations = {
  '{"working":"requesting"}': [
    {
      says: 'Se piden las invitaciones de los invitados elegidos (GET api/massiveEventGuests/invitation?uuid=..&uuid=..)',
      actor: (p) => {
        const target = p.calls.at(-1)?.input.target;
        if ((target && 'uuids' in target ? target.uuids : []).length !== 2) fail('no se pidieron');
      },
    },
  ],
  '{"working":"rendering"}': [
    {
      says: 'Mientras llega el zip se ve el avance (bytes recibidos) y cuántas invitaciones trae',
      actor: (p) => {
        if (p.snapshot.context.count !== 2) fail('sin total');
      },
    },
  ],
  '"saved"': [
    {
      says: "'Descarga completada'",
      actor: (p) => {
        if (p.snapshot.context.error !== null) fail('con error');
      },
    },
  ],
  '"failed"': [
    {
      says: "Una falla muestra 'Ha ocurrido un error' con el texto del servidor",
      actor: (p) => {
        if (p.snapshot.context.error !== refused.body.error_description) fail(`error ${p.snapshot.context.error}`);
      },
    },
  ],
  '"returned"': [
    {
      says: 'Tras la falla de invitaciones se vuelve a /massiveEvents; la de credenciales se queda en /workers',
      actor: (p) => {
        const want = p.snapshot.context.target.kind === 'workers' ? null : '/massiveEvents';
        if (p.snapshot.output?.returnTo !== want) fail(`returnTo ${p.snapshot.output?.returnTo}`);
      },
    },
  ],
  '"closed"': [
    {
      says: 'Tras guardar no se navega',
      actor: (p) => {
        if (p.snapshot.output?.returnTo !== null) fail('navegó');
      },
    },
  ],
};

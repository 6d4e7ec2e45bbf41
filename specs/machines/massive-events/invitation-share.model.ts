import { invitationShareMachine } from '../../../machines/massive-events/invitation-share.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

const fail = (message: string) => {
  throw new Error(message);
};
const guests = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    uuid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    name: `Invitado ${i + 1}`,
  }));
/** Where the browser shares files (navigator.canShare({ files }) is true), and where it does not. */
const sharesFiles = invitationShareMachine.provide({ guards: { canShareFiles: () => true } });
const noFileSharing = invitationShareMachine.provide({ guards: { canShareFiles: () => false } });
const refused = {
  kind: 'http',
  status: 409,
  body: {
    error: 'conflict',
    error_description: 'No es posible descargar invitaciones de eventos terminados, incompletos o cancelados.',
  },
};
const dismissed = Object.assign(new Error('Share canceled'), { name: 'AbortError' });
const notAllowed = Object.assign(new Error('Must be handling a user gesture'), { name: 'NotAllowedError' });

/** 'Compartir' of some guests' invitations: the share sheet with the PNGs, or the download. */
export const invitationShareModel: ModelSpec<typeof invitationShareMachine> = {
  name: 'invitationShare',
  machine: sharesFiles,
  inputs: [
    { name: 'un invitado, en un teléfono que comparte archivos', input: { guests: guests(1) }, machine: sharesFiles },
    {
      name: 'once invitados, en un teléfono que comparte archivos',
      input: { guests: guests(11) },
      machine: sharesFiles,
    },
    { name: 'un invitado, sin compartir archivos', input: { guests: guests(1) }, machine: noFileSharing },
  ],
  events: (s) => {
    if (s.value === 'sharing')
      return [
        { type: 'xstate.done.actor.shareInvitations', output: undefined },
        { type: 'xstate.error.actor.shareInvitations', error: dismissed },
        { type: 'xstate.error.actor.shareInvitations', error: notAllowed },
        { type: 'xstate.error.actor.shareInvitations', error: refused },
      ];
    if (s.value === 'downloading')
      return [
        { type: 'xstate.done.actor.invitationDownload', output: { saved: true, returnTo: null } },
        { type: 'xstate.done.actor.invitationDownload', output: { saved: false, returnTo: '/massiveEvents' } },
      ];
    if (s.value === 'refused' || s.value === 'failed') return [{ type: 'dialog.close' }];
    return [];
  },
};

invitationShareModel.expectations = {
  '"sharing"': [
    {
      says: 'Donde el navegador comparte archivos, se piden las invitaciones PNG de los invitados para la hoja de compartir',
      actor: (p) => {
        const call = p.calls.filter((c) => c.src === 'shareInvitations').at(-1) ?? fail('no compartió');
        const want = p.snapshot.context.guests.map((g) => g.uuid);
        if (JSON.stringify(call.input.uuids) !== JSON.stringify(want)) fail(`pidió ${JSON.stringify(call.input)}`);
        if (want.length > 10) fail('compartió más de 10');
      },
    },
  ],
  '"downloading"': [
    {
      says: 'Sin compartir archivos, o si el navegador no abre la hoja (NotAllowedError), las invitaciones se descargan (como Descargar invitación)',
      actor: (p) => {
        const call = p.calls.filter((c) => c.src === 'invitationDownload').at(-1) ?? fail('no descargó');
        const want = { kind: 'guests', uuids: p.snapshot.context.guests.map((g) => g.uuid) };
        if (JSON.stringify(call.input.target) !== JSON.stringify(want)) fail(`descargó ${JSON.stringify(call.input)}`);
        const refusedSheet = p.events.some(
          (e) => e.type === 'xstate.error.actor.shareInvitations' && e.error?.name === 'NotAllowedError',
        );
        if (p.calls.some((c) => c.src === 'shareInvitations') && !refusedSheet) fail('intentó compartir');
      },
    },
  ],
  '"refused"': [
    {
      says: "Más de 10 a la vez: 'Puedes compartir hasta 10 invitaciones a la vez; para más, descárgalas.'",
      actor: (p) => {
        if (p.snapshot.context.error !== 'Puedes compartir hasta 10 invitaciones a la vez; para más, descárgalas.')
          fail(`dice ${p.snapshot.context.error}`);
        if (p.calls.length > 0) fail('pidió algo');
      },
    },
  ],
  '"failed"': [
    {
      says: "Una falla al pedir las invitaciones muestra 'No se pudo compartir' con el texto del servidor",
      actor: (p) => {
        if (p.snapshot.context.error !== refused.body.error_description) fail(`dice ${p.snapshot.context.error}`);
      },
    },
  ],
  '"ended"': [
    {
      says: 'Cerrar la hoja de compartir sin elegir app no es una falla; tras una descarga fallida se vuelve a /massiveEvents',
      actor: (p) => {
        const last = p.events.at(-1)!;
        const want =
          last.type === 'xstate.done.actor.invitationDownload' && last.output.returnTo ? '/massiveEvents' : null;
        if (p.snapshot.output?.returnTo !== want) fail(`returnTo ${p.snapshot.output?.returnTo}`);
      },
    },
  ],
};

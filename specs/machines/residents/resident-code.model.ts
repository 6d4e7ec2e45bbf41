import { vi } from 'vitest';
import { residentCodeMachine } from '../../../machines/residents/resident-code.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

/** The moment the model starts (its tests hold the clock here); codes expire relative to it. */
export const T0 = Math.floor(Date.now() / 1000) * 1000;
const MINUTE = 60_000;
/** A pending code as the server answers it: that it is pending and when it expires, never the code. */
export const pendingUntil = (ms: number) => ({ pending: true as const, expiresAt: new Date(ms).toISOString() });

/** A code is valid 15 minutes after it is issued. */
export const VALID = pendingUntil(T0 + 15 * MINUTE);
export const EXPIRED = pendingUntil(T0 - MINUTE);
/** The code a resend issues (after the first one expired at T0 + 15 min). */
export const RESENT = pendingUntil(T0 + 45 * MINUTE);
export const RESEND_DESCRIPTION = 'Se envió un nuevo código a ana.lopez@correo.mx';
export const resendFailure = {
  kind: 'http',
  status: 409,
  body: { error: 'conflict', error_description: 'El residente no tiene habilitado el uso de la app.' },
};
/** The text a code's six characters would make on the screen: none of them may ever show. */
export const CODE_SHAPE = /\b[A-HJ-NP-Z2-9]{6}\b/;

const row = (useapp: boolean, registration: { pending: true; expiresAt: string } | null) => ({
  uuid: 'r1',
  useapp,
  testResidentRegistration: registration,
});
export const codeRows = {
  noApp: row(false, null),
  activated: row(true, null),
  valid: row(true, VALID),
  expired: row(true, EXPIRED),
};
export const EXPIRY_EVENT = 'xstate.after.untilExpiry.residentCode.codeValid';

export const residentCodeModel: ModelSpec<typeof residentCodeMachine> = {
  name: 'residentCode',
  run: { actors: ['resendCode'] },
  clock: {
    start: T0,
    setNow: (ms) => vi.setSystemTime(ms),
    fires: { [EXPIRY_EVENT]: () => true },
  },
  machine: residentCodeMachine,
  // The list spawns one per shown row, with the row as the server listed it.
  inputs: [
    { name: 'sin uso de la app', input: { row: codeRows.noApp } },
    { name: 'código usado', input: { row: codeRows.activated } },
    { name: 'código vigente', input: { row: codeRows.valid } },
    { name: 'código vencido', input: { row: codeRows.expired } },
  ],
  key: (s) => ({ pending: s.context.pending, expiresAt: s.context.expiresAt }),
  events: (s) => {
    switch (s.value as string) {
      case 'codeValid':
        return [{ type: EXPIRY_EVENT }];
      case 'codeExpired':
        return [{ type: 'code.resend' }];
      case 'resending':
        return [
          {
            type: 'xstate.done.actor.resend',
            output: { description: RESEND_DESCRIPTION, resident: row(true, RESENT) },
          },
          { type: 'xstate.error.actor.resend', error: resendFailure },
        ];
      case 'resent':
      case 'resendFailed':
        return [{ type: 'dialog.close' }];
      default:
        return [];
    }
  },
};

/* What holds in each state: the code column, the resend dialogs, the 15 minutes a code is valid. */
type Probe = ActorProbe<typeof residentCodeMachine>;
const fail = (message: string) => {
  throw new Error(message);
};
const resends = (p: Probe) => p.calls.filter((c) => c.src === 'resendCode');
const row$ = (p: Record<string, unknown>) => p.row as HTMLElement;

const lastWas = (p: Probe, ...types: string[]) => {
  const last = p.events.at(-1)?.type ?? 'el inicio';
  if (!types.includes(last)) fail(`llegó con ${last}`);
};
/** A dialog once closed is gone: no '¡Correcto!' nor 'No es posible reenviar el código' left open. */
const noDialog = {
  says: "Cerrar '¡Correcto!' o 'No es posible reenviar el código' lo cierra; un reenvío fallido siempre lo dice antes",
  actor: (p: Probe) => {
    if (p.snapshot.context.description !== null) fail("'¡Correcto!' sigue abierto");
    if (p.snapshot.context.error !== null) fail("'No es posible reenviar el código' sigue abierto");
    if (p.events.at(-1)?.type === 'xstate.error.actor.resend') fail('el fallo del reenvío no se dijo');
  },
};

residentCodeModel.noExpectation = {
  checking:
    'Decide sin esperar a nadie (el actor nunca se queda aquí): cuál de las cuatro caras muestra la fila lo dicen notActivated, activated, codeValid y codeExpired.',
};
residentCodeModel.expectations = {
  '"notActivated"': [
    {
      says: "Un residente sin uso de la app muestra 'Residente no activado' y ningún botón",
      actor: (p) => {
        if (p.snapshot.context.useapp) fail('el residente usa la app');
      },
      view: (p) => {
        if (!row$(p).textContent!.includes('Residente no activado')) fail('no dice Residente no activado');
        if (p.screen.queryByRole('button', { name: 'Reenviar código' })) fail('hay botón de reenviar');
      },
    },
  ],
  '"activated"': [
    {
      says: "Con uso de la app y sin código pendiente se muestra 'Código activado'",
      actor: (p) => {
        if (!p.snapshot.context.useapp || p.snapshot.context.pending) fail('hay un código pendiente o no usa la app');
      },
      view: (p) => {
        if (!row$(p).textContent!.includes('Código activado')) fail('no dice Código activado');
      },
    },
  ],
  '"codeValid"': [
    noDialog,
    {
      says: "Con uso de la app y un código vigente (antes de su vencimiento) se muestra 'Código enviado' y a qué hora vence, sin botón de reenviar",
      actor: (p) => {
        const { expiresAt } = p.snapshot.context;
        if (expiresAt === null || !(Date.now() < expiresAt))
          fail(`el código venció (${expiresAt}) y se muestra como vigente`);
      },
      view: (p) => {
        const text = row$(p).textContent!;
        if (!text.includes('Código enviado')) fail("no dice 'Código enviado'");
        if (!/vence a las \d{2}:\d{2}/.test(text)) fail('no dice a qué hora vence');
        if (p.screen.queryByRole('button', { name: 'Reenviar código' })) fail('hay botón de reenviar');
      },
    },
    {
      says: 'El código pendiente nunca se muestra: solo viaja por correo al residente',
      view: (p) => {
        if (CODE_SHAPE.test(row$(p).textContent!))
          fail(`la fila muestra algo con forma de código: ${row$(p).textContent}`);
      },
    },
    {
      says: 'Tras reenviar, la fila muestra el vencimiento del código nuevo que respondió el servidor',
      actor: (p) => {
        const answered = resends(p).some((c) => c.outcome === 'done');
        if (answered && p.snapshot.context.expiresAt !== Date.parse(RESENT.expiresAt))
          fail(`vence ${p.snapshot.context.expiresAt}`);
      },
    },
  ],
  '"codeExpired"': [
    noDialog,
    {
      says: "Al llegar el vencimiento del código (15 minutos) aparece el botón 'Reenviar código', sin recargar",
      actor: (p) => {
        const { expiresAt } = p.snapshot.context;
        if (expiresAt !== null && Date.now() < expiresAt)
          fail(`el código aún es vigente (${expiresAt}) y se ofrece reenviarlo`);
      },
      view: (p) => {
        if (!p.screen.queryByRole('button', { name: 'Reenviar código' })) fail('no hay botón Reenviar código');
      },
    },
  ],
  '"resending"': [
    {
      says: "Solo 'Reenviar código' pide el reenvío del código de ese residente, una vez por pulsación",
      actor: (p) => {
        lastWas(p, 'code.resend');
        if (resends(p).length !== p.events.filter((e) => e.type === 'code.resend').length)
          fail('se pidió sin pulsar o no se pidió');
        const call = resends(p).at(-1) ?? fail('no se pidió el reenvío');
        if (call.input.uuid !== 'r1') fail(`se pidió para ${call.input.uuid}`);
      },
    },
  ],
  '"resent"': [
    {
      says: "Si el reenvío sale bien se muestra '¡Correcto!' con la descripción del servidor",
      actor: (p) => {
        if (p.snapshot.context.description !== RESEND_DESCRIPTION) fail(`dice '${p.snapshot.context.description}'`);
      },
      view: (p) => {
        const dialog = p.screen.getByRole('alertdialog', { name: '¡Correcto!', hidden: true });
        if (!dialog.textContent.includes(RESEND_DESCRIPTION)) fail('no muestra la descripción');
      },
    },
  ],
  '"resendFailed"': [
    {
      says: "Si el reenvío falla se muestra 'No es posible reenviar el código' con el error_description del servidor",
      actor: (p) => {
        if (p.snapshot.context.error !== resendFailure.body.error_description)
          fail(`dice '${p.snapshot.context.error}'`);
      },
      view: (p) => {
        const dialog = p.screen.getByRole('alertdialog', { name: 'No es posible reenviar el código', hidden: true });
        if (!dialog.textContent.includes(resendFailure.body.error_description)) fail('no muestra el motivo');
      },
    },
  ],
};
residentCodeModel.describeEvent = (e) =>
  (
    ({
      [EXPIRY_EVENT]: 'llega el vencimiento del código',
      'code.resend': "pulsa 'Reenviar código'",
      'dialog.close': 'cierra el aviso',
      'xstate.done.actor.resend': 'el servidor reenvía un código nuevo',
      'xstate.error.actor.resend': 'el servidor no puede reenviar (409)',
    }) as Record<string, string>
  )[e.type] ?? e.type;

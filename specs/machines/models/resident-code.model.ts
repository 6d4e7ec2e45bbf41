import { decodeJwt } from 'jose';
import { residentCodeMachine } from '../../../machines/resident-code.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

/** The moment the model starts (its tests hold the clock here); tokens expire relative to it. */
export const T0 = Math.floor(Date.now() / 1000) * 1000;
const MINUTE = 60_000;
/** An HS256-shaped token whose only claim that matters is `exp` (the cell reads it, never verifies it). */
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
export const tokenExpiringAt = (ms: number, sub = 'r') => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, exp: Math.floor(ms / 1000) })}.firma`;

/** Spec 3 §9: a code is valid 15 minutes after it is issued. */
export const VALID_TOKEN = tokenExpiringAt(T0 + 15 * MINUTE);
export const EXPIRED_TOKEN = tokenExpiringAt(T0 - MINUTE);
/** The code a resend issues (after the first one expired at T0 + 15 min). */
export const RESENT = { code: 'R3SND7', jwtToken: tokenExpiringAt(T0 + 45 * MINUTE) };
export const RESEND_DESCRIPTION = 'Se envió un nuevo código a ana.lopez@correo.mx';
export const resendFailure = { kind: 'http', status: 409, body: { error: 'conflict', error_description: 'El residente no tiene habilitado el uso de la app.' } };
/** Each code of the model and the token it came with (what the spec's oracle reads the expiry from). */
export const TOKEN_OF: Record<string, string> = { K7M2QX: VALID_TOKEN, P4W9ZT: EXPIRED_TOKEN, [RESENT.code]: RESENT.jwtToken };

const row = (useapp: boolean, registration: { code: string | null; jwtToken: string | null } | null) => ({
  uuid: 'r1', useapp, testResidentRegistration: registration,
});
export const codeRows = {
  noApp: row(false, null),
  activated: row(true, null),
  valid: row(true, { code: 'K7M2QX', jwtToken: VALID_TOKEN }),
  expired: row(true, { code: 'P4W9ZT', jwtToken: EXPIRED_TOKEN }),
};
export const EXPIRY_EVENT = 'xstate.after.untilExpiry.residentCode.codeValid';

export const residentCodeModel: ModelSpec = {
  name: 'residentCode',
  machine: residentCodeMachine,
  // The list spawns one per shown row, with the row as the server listed it.
  inputs: [
    { name: 'sin uso de la app', input: { row: codeRows.noApp } },
    { name: 'código usado', input: { row: codeRows.activated } },
    { name: 'código vigente', input: { row: codeRows.valid } },
    { name: 'código vencido', input: { row: codeRows.expired } },
  ],
  key: (s) => ({ code: s.context.code }),
  events: (s) => {
    switch (s.value as string) {
      case 'codeValid': return [{ type: EXPIRY_EVENT }];
      case 'codeExpired': return [{ type: 'code.resend' }];
      case 'resending': return [
        { type: 'xstate.done.actor.resend', output: { description: RESEND_DESCRIPTION, resident: row(true, RESENT) } },
        { type: 'xstate.error.actor.resend', error: resendFailure },
      ];
      case 'resent': case 'resendFailed': return [{ type: 'dialog.close' }];
      default: return [];
    }
  },
};

/* What the spec says holds in each state (spec 3 §4 code column, §8 resend dialogs, §9 15 minutes). */
type Probe = { snapshot: any; calls: { src: string; input: any; outcome?: string }[]; events: { type: string }[] };
const fail = (message: string) => { throw new Error(message); };
const expOf = (code: string) => (decodeJwt(TOKEN_OF[code] ?? fail(`código desconocido ${code}`)).exp as number) * 1000;
const resends = (p: Probe) => p.calls.filter((c) => c.src === 'resendCode');
const row$ = (p: any) => p.row as HTMLElement;

residentCodeModel.expectations = {
  '"notActivated"': [{
    says: "Un residente sin uso de la app muestra 'Residente no activado' y ningún botón",
    actor: (p: Probe) => { if (p.snapshot.context.useapp) fail('el residente usa la app'); },
    view: (p: any) => {
      if (!row$(p).textContent!.includes('Residente no activado')) fail('no dice Residente no activado');
      if (p.screen.queryByRole('button', { name: 'Reenviar código' })) fail('hay botón de reenviar');
    },
  }],
  '"activated"': [{
    says: "Con uso de la app y sin código pendiente se muestra 'Código activado'",
    actor: (p: Probe) => { if (!p.snapshot.context.useapp || p.snapshot.context.code !== null) fail('hay un código pendiente o no usa la app'); },
    view: (p: any) => { if (!row$(p).textContent!.includes('Código activado')) fail('no dice Código activado'); },
  }],
  '"codeValid"': [{
    says: 'Con uso de la app y un código vigente (antes del exp de su token) se muestra el código, sin botón de reenviar',
    actor: (p: Probe) => {
      const { code } = p.snapshot.context;
      if (!(Date.now() < expOf(code))) fail(`el código ${code} ya venció y se muestra como vigente`);
    },
    view: (p: any) => {
      if (!row$(p).textContent!.includes(p.context.code)) fail(`no se ve el código ${p.context.code}`);
      if (p.screen.queryByRole('button', { name: 'Reenviar código' })) fail('hay botón de reenviar');
    },
  }, {
    says: 'Tras reenviar, la fila muestra el código nuevo que respondió el servidor',
    actor: (p: Probe) => {
      const answered = resends(p).some((c) => c.outcome === 'done');
      if (answered && p.snapshot.context.code !== RESENT.code) fail(`muestra ${p.snapshot.context.code}`);
    },
  }],
  '"codeExpired"': [{
    says: "Al llegar el exp del token (15 minutos) aparece el botón 'Reenviar código', sin recargar",
    actor: (p: Probe) => {
      const { code } = p.snapshot.context;
      if (Date.now() < expOf(code)) fail(`el código ${code} aún es vigente y se ofrece reenviarlo`);
    },
    view: (p: any) => {
      if (!p.screen.queryByRole('button', { name: 'Reenviar código' })) fail('no hay botón Reenviar código');
    },
  }],
  '"resending"': [{
    says: 'Reenviar pide el reenvío del código de ese residente',
    actor: (p: Probe) => {
      const call = resends(p).at(-1) ?? fail('no se pidió el reenvío');
      if (call.input.uuid !== 'r1') fail(`se pidió para ${call.input.uuid}`);
    },
  }],
  '"resent"': [{
    says: "Si el reenvío sale bien se muestra '¡Correcto!' con la descripción del servidor",
    actor: (p: Probe) => { if (p.snapshot.context.description !== RESEND_DESCRIPTION) fail(`dice '${p.snapshot.context.description}'`); },
    view: (p: any) => {
      const dialog = p.screen.getByRole('alertdialog', { name: '¡Correcto!', hidden: true });
      if (!dialog.textContent.includes(RESEND_DESCRIPTION)) fail('no muestra la descripción');
    },
  }],
  '"resendFailed"': [{
    says: "Si el reenvío falla se muestra 'No es posible reenviar el código' con el error_description del servidor",
    actor: (p: Probe) => { if (p.snapshot.context.error !== resendFailure.body.error_description) fail(`dice '${p.snapshot.context.error}'`); },
    view: (p: any) => {
      const dialog = p.screen.getByRole('alertdialog', { name: 'No es posible reenviar el código', hidden: true });
      if (!dialog.textContent.includes(resendFailure.body.error_description)) fail('no muestra el motivo');
    },
  }],
};
residentCodeModel.describeEvent = (e) => ({
  [EXPIRY_EVENT]: 'llega el exp del token',
  'code.resend': "pulsa 'Reenviar código'",
  'dialog.close': 'cierra el aviso',
  'xstate.done.actor.resend': 'el servidor reenvía un código nuevo',
  'xstate.error.actor.resend': 'el servidor no puede reenviar (409)',
} as Record<string, string>)[e.type] ?? e.type;

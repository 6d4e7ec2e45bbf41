import { passwordResetMachine } from '../../../machines/session/password-reset.machine.js';
import { INVALID_EMAIL } from '../../../src/shared/session/auth.schema.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

export const passwordResetModel: ModelSpec<typeof passwordResetMachine> = {
  name: 'passwordReset',
  machine: passwordResetMachine,
  inputs: [{ name: 'empty form', input: undefined }],
  events: (s) => {
    const v = s.value as string;
    if (v === 'editing')
      return [
        { type: 'form.submit' },
        ...(s.context.email === ''
          ? [
              { type: 'field.change', value: 'residente@porton.mx' },
              { type: 'field.change', value: 'no-es-correo' },
            ]
          : []),
      ];
    if (v === 'submitting')
      return [
        { type: 'xstate.done.actor.requestReset' },
        { type: 'xstate.error.actor.requestReset', error: { kind: 'network' } },
      ];
    if (v === 'failed') return [{ type: 'form.retry' }];
    return [];
  },
};

/* What the specification says holds: /resetPassword has one email field and 'Recuperar Contraseña', then success or failure with a retry link; the email rule. */
type Probe = ActorProbe<typeof passwordResetMachine>;
const fail = (message: string) => {
  throw new Error(message);
};
const typed = (p: Probe) => String([...p.events].reverse().find((e) => e.type === 'field.change')?.value ?? '');
passwordResetModel.expectations = {
  '"editing"': [
    {
      says: "El campo muestra lo escrito; pedir con un correo no válido muestra 'Por favor ingresa un correo valido.' y no envía nada",
      actor: (p) => {
        const { email, error } = p.snapshot.context;
        if (email !== typed(p)) fail(`el campo tiene '${email}'`);
        const submittedLast = p.events.at(-1)?.type === 'form.submit';
        if (submittedLast && error !== INVALID_EMAIL) fail(`dice '${error}'`);
        if (!submittedLast && error !== null) fail('quedó un mensaje de un intento anterior');
        if (p.calls.some((c) => !c.outcome)) fail('se envió');
      },
    },
  ],
  '"submitting"': [
    {
      says: 'Recuperar Contraseña envía el correo escrito',
      actor: (p) => {
        if (p.calls.at(-1)?.input.email !== typed(p).trim()) fail(`envió ${JSON.stringify(p.calls.at(-1)?.input)}`);
      },
    },
  ],
  '"sent"': [
    {
      says: 'Al aceptarse se avisa que se envió un correo con instrucciones (la pantalla termina)',
      actor: (p) => {
        if (p.snapshot.status !== 'done' || p.calls.at(-1)?.outcome !== 'done') fail('no terminó tras el envío');
      },
    },
  ],
  '"failed"': [
    {
      says: 'Si falla se muestra el aviso con el enlace para reintentar, y el correo escrito se conserva',
      actor: (p) => {
        if (p.snapshot.context.email !== typed(p)) fail('se perdió el correo');
      },
    },
  ],
};
passwordResetModel.describeEvent = (e) =>
  (
    ({
      'field.change': `escribe '${e.value}' en Correo`,
      'form.submit': 'pulsa Recuperar Contraseña',
      'form.retry': 'pulsa el enlace para reintentar',
      'xstate.done.actor.requestReset': 'el servidor envía el correo',
      'xstate.error.actor.requestReset': 'no hay conexión',
    }) as Record<string, string>
  )[e.type] ?? e.type;

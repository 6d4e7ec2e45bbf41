import type { ContextFrom } from 'xstate';
import type { CurrentUser } from '../../../src/shared/platform/api-types.js';
import { sessionMachine } from '../../../machines/session/session.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';
import type { ViewProbe as ScreenProbe } from '../../support/view-paths.js';

const user = (idUsersTypes: number): CurrentUser => ({
  uuid: 'u1',
  email: 'a@porton.mx',
  username: 'a@porton.mx',
  role: 'x',
  roleKey: 'admin',
  frac: 'Las Palmas',
  product: [
    { name: 'Las Palmas', uuid: 'f1' },
    { name: 'Bosques', uuid: 'f2' },
  ],
  logoURL: null,
  idUsersTypes,
  testFrac: { uuid: 'f1', name: 'Las Palmas' },
  firstName: 'A',
  lastName: 'B',
  club: false,
});
const expired = {
  kind: 'http',
  status: 400,
  body: { error: 'invalid_grant', error_description: 'User account has expired' },
};

export const sessionModel: ModelSpec<typeof sessionMachine> = {
  name: 'session',
  run: { actors: ['checkSession', 'signIn', 'switchCommunity', 'signOut'] },
  recordedActions: ['persistToken', 'clearStorage', 'reload'],
  machine: sessionMachine,
  inputs: [
    { name: 'no token', input: { token: null } },
    { name: 'stored token', input: { token: 'stored' } },
  ],
  events: (s) => {
    const v = JSON.stringify(s.value);
    if (v.includes('restoring'))
      return [
        { type: 'xstate.done.actor.checkSession', output: user(4) },
        {
          type: 'xstate.error.actor.checkSession',
          error: { kind: 'http', status: 401, body: { error: 'unauthorized', error_description: 'x' } },
        },
      ];
    if (v.includes('signedOut')) {
      if (v.includes('error')) return [{ type: 'error.dismiss' }];
      const { email, password } = s.context.credentials;
      return [
        ...(email === '' ? [{ type: 'credentials.change', name: 'email', value: 'a@porton.mx' }] : []),
        ...(password === '' ? [{ type: 'credentials.change', name: 'password', value: 'Porton2026' }] : []),
        { type: 'session.signIn', portal: 'main' },
        { type: 'session.signIn', portal: 'contractor' },
      ];
    }
    if (v.includes('signingIn'))
      return s.context.portal === 'main'
        ? [
            { type: 'xstate.done.actor.signIn', output: { token: 't', user: user(4) } },
            { type: 'xstate.error.actor.signIn', error: expired },
          ]
        : [
            { type: 'xstate.done.actor.signIn', output: { token: 't', user: user(4) } },
            { type: 'xstate.done.actor.signIn', output: { token: 't', user: user(15) } },
            { type: 'xstate.error.actor.signIn', error: { kind: 'network' } },
          ];
    if (v.includes('rejecting'))
      return [
        { type: 'xstate.done.actor.revokeRejected' },
        { type: 'xstate.error.actor.revokeRejected', error: { kind: 'network' } },
      ];
    if (v.includes('authenticated'))
      return [
        { type: 'session.switchCommunity', uuid: 'f2' },
        { type: 'session.signOut' },
        { type: 'session.expired' },
      ];
    if (v.includes('switching'))
      return [
        { type: 'xstate.done.actor.switchCommunity' },
        { type: 'xstate.error.actor.switchCommunity', error: { kind: 'network' } },
      ];
    if (v.includes('signingOut'))
      return [
        { type: 'xstate.done.actor.signOut' },
        { type: 'xstate.error.actor.signOut', error: { kind: 'network' } },
      ];
    return [];
  },
};

/* What the spec says holds in each state (sign-in, session, sign-in rules, messages). */
/** The rendered sign-in screen and shell (specs/web/session/session.view.spec.tsx adds the route and the fields). */
type ViewProbe = ScreenProbe<ContextFrom<typeof sessionMachine>> & {
  events: { type: string }[];
  step: number;
  where: () => string;
  field: (name: 'email' | 'password') => HTMLInputElement;
};
const fail = (message: string) => {
  throw new Error(message);
};
const busyButton = {
  says: "Mientras se intenta (y mientras se revoca un token rechazado) el botón dice 'Ingresando…' y no se puede volver a pulsar",
  view: (p: ViewProbe) => {
    p.screen.getByRole('button', { name: /Ingresando/ });
  },
};
const signedInShell = {
  says: 'Con sesión se ve el panel en /home con el fraccionamiento activo del usuario',
  view: (p: ViewProbe) => {
    if (p.screen.getByTestId('active-community').textContent !== 'Las Palmas') fail('otro fraccionamiento');
    if (p.where() !== '/home') fail(`está en ${p.where()}`);
  },
};
sessionModel.expectations = {
  '{"signedOut":"error"}': [
    {
      says: 'Tras un intento fallido los campos de correo y contraseña quedan vacíos',
      actor: (p) => {
        const { email, password } = p.snapshot.context.credentials;
        if (email !== '' || password !== '') fail(`los campos conservan '${email}' / '${password ? '••••' : ''}'`);
      },
      view: (p: ViewProbe) => {
        if (p.field('email').value !== '' || p.field('password').value !== '') fail('los campos conservan lo escrito');
      },
    },
    {
      says: 'Se muestra por qué no se pudo iniciar sesión',
      actor: (p) => {
        if (!p.snapshot.context.error) fail('no hay mensaje');
      },
      view: (p: ViewProbe) => {
        p.screen.getByText(String(p.context.error));
      },
    },
  ],
  '{"signedOut":"idle"}': [
    {
      says: 'Con un campo vacío (o un correo no válido en el portal de contratistas) no se envía nada y el campo dice por qué',
      actor: (p) => {
        const last = p.events.at(-1);
        if (last?.type !== 'session.signIn') return;
        if (Object.keys(p.snapshot.context.fieldErrors).length === 0) fail('no hay mensajes en los campos');
        if (p.calls.some((c) => c.src === 'signIn' && !c.outcome)) fail('se envió el inicio de sesión');
      },
      view: (p: ViewProbe) => {
        p.screen.getByRole('button', { name: 'Ingresar' });
        if (p.events.at(-1)?.type !== 'session.signIn') return;
        if (
          !p.screen.queryAllByText(/El campo es obligatorio|Por favor ingresa un correo valido|Contraseña incorrecta/)
            .length
        )
          fail('los campos no dicen por qué');
      },
    },
  ],
  '"rejecting"': [busyButton],
  '"switching"': [signedInShell],
  '"signingOut"': [signedInShell],
  '"signingIn"': [
    {
      says: 'Ingresar envía el correo y la contraseña escritos',
      actor: (p) => {
        const call = p.calls.filter((c) => c.src === 'signIn').at(-1) ?? fail('no se envió');
        if (call.input.email !== 'a@porton.mx' || call.input.password !== 'Porton2026')
          fail(`envió ${call.input.email}`);
      },
    },
    busyButton,
  ],
  '"authenticated"': [
    {
      says: 'Con sesión se conoce al usuario y su fraccionamiento activo',
      actor: (p) => {
        if (!p.snapshot.context.user || !p.snapshot.hasTag('signedIn')) fail('sin usuario');
      },
    },
    signedInShell,
  ],
};
sessionModel.describeEvent = (e) =>
  (
    ({
      'credentials.change': e.name === 'email' ? `escribe el correo '${e.value}'` : 'escribe la contraseña',
      'session.signIn': e.portal === 'contractor' ? 'pulsa Ingresar en el portal de contratistas' : 'pulsa Ingresar',
      'error.dismiss': 'cierra el aviso de error',
      'session.switchCommunity': 'cambia de fraccionamiento',
      'session.signOut': "pulsa 'Cerrar Sesión'",
      'session.expired': 'el servidor responde 401 (sesión vencida)',
      'xstate.done.actor.checkSession': 'el token guardado es válido',
      'xstate.error.actor.checkSession': 'el token guardado ya no sirve',
      'xstate.done.actor.signIn':
        (e.output as { user: { idUsersTypes: number } })?.user?.idUsersTypes === 15
          ? 'entra una cuenta de contratista'
          : 'entra una cuenta válida',
      'xstate.error.actor.signIn':
        (e.error as { kind: string })?.kind === 'network'
          ? 'falla la red'
          : "el servidor responde 'User account has expired'",
      'xstate.done.actor.revokeRejected': 'se revoca el token rechazado',
      'xstate.error.actor.revokeRejected': 'falla la revocación del token rechazado',
      'xstate.done.actor.switchCommunity': 'el servidor cambia el fraccionamiento',
      'xstate.error.actor.switchCommunity': 'falla el cambio de fraccionamiento',
      'xstate.done.actor.signOut': 'el servidor cierra la sesión',
      'xstate.error.actor.signOut': 'falla el cierre de sesión',
    }) as Record<string, string>
  )[e.type] ?? e.type;

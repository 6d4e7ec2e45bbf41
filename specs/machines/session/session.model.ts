import { expect } from 'vitest';
import type { ContextFrom } from 'xstate';
import type { CurrentUser } from '../../../src/shared/platform/api-types.js';
import { sessionMachine } from '../../../machines/session/session.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';
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
type Probe = ActorProbe<typeof sessionMachine>;
type Ev = {
  type: string;
  portal?: string;
  name?: string;
  value?: string;
  output?: { token: string; user: CurrentUser };
};
const recorded = (p: Probe, src: string) => p.calls.filter((c) => (c.src as string) === src);
/** A failed attempt: the fields are emptied and the reason shown. */
const FAILED_ATTEMPT = [
  'xstate.error.actor.signIn',
  'xstate.done.actor.revokeRejected',
  'xstate.error.actor.revokeRejected',
];
/**
 * The spec's session rules over the steps so far: only a contractor account (type 15) enters the
 * contractor portal, any account the main one; a token is stored on entering; logging out (answered
 * or not), a 401 and a failed session check clear all local storage; choosing another
 * neighbourhood reloads once it is switched; after a failed attempt the fields are empty.
 */
function sessionSays(events: readonly Ev[]) {
  let portal = 'main';
  let typed = { email: '', password: '' };
  const out = { stored: [] as string[], clears: 0, reloads: 0, typed, rejected: 0 };
  for (const e of events) {
    if (e.type === 'session.signIn') portal = e.portal!;
    if (e.type === 'credentials.change') typed = { ...typed, [e.name!]: e.value! };
    if (FAILED_ATTEMPT.includes(e.type)) typed = { email: '', password: '' };
    if (e.type === 'xstate.done.actor.signIn') {
      if (portal === 'main' || e.output!.user.idUsersTypes === 15) out.stored.push(e.output!.token);
      else out.rejected += 1;
    }
    if (
      [
        'xstate.error.actor.checkSession',
        'session.expired',
        'xstate.done.actor.signOut',
        'xstate.error.actor.signOut',
      ].includes(e.type)
    )
      out.clears += 1;
    if (e.type === 'xstate.done.actor.switchCommunity') out.reloads += 1;
  }
  return { ...out, typed, portal };
}
/** The spec's sign-in rules: main portal both fields required; contractor portal a valid email (at most 64) and a password of at least 5. */
const credentialsValid = (portal: string, { email, password }: { email: string; password: string }) =>
  portal === 'contractor'
    ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 64 && password.length >= 5
    : email !== '' && password !== '';
const storage = {
  says: "Se guarda el token al entrar; 'Cerrar Sesión' (responda o no el servidor), un 401 y una comprobación fallida borran todo el almacenamiento local; elegir otro fraccionamiento recarga una vez cambiado",
  actor: (p: Probe) => {
    const said = sessionSays(p.events as Ev[]);
    expect(
      recorded(p, 'persistToken').map((c) => (c.input as { token: string }).token),
      'tokens guardados',
    ).toEqual(said.stored);
    expect(recorded(p, 'clearStorage').length, 'veces que se borró el almacenamiento').toBe(said.clears);
    expect(recorded(p, 'reload').length, 'recargas').toBe(said.reloads);
  },
};
const lastWas = (p: Probe, ...types: string[]) =>
  expect(types, `llegó con ${p.events.at(-1)?.type ?? 'el inicio'}`).toContain(p.events.at(-1)?.type ?? 'start');
const signedOutNow = {
  says: 'Sin sesión no queda token ni usuario; un token guardado siempre se comprueba antes de mostrar el inicio de sesión',
  actor: (p: Probe) => {
    expect([p.snapshot.context.token, p.snapshot.context.user]).toEqual([null, null]);
    expect(p.snapshot.hasTag('signedIn')).toBe(false);
    if (p.input.token !== null) expect(recorded(p, 'checkSession').length).toBeGreaterThan(0);
  },
};

sessionModel.noExpectation = {
  boot: 'Decide sin esperar a nadie (el actor nunca se queda aquí): con token guardado lo comprueba (restoring), sin él muestra el inicio de sesión; lo dicen restoring y signedOut.',
};
sessionModel.expectations = {
  '"restoring"': [
    {
      says: 'Con un token guardado, / no muestra el inicio de sesión: primero se comprueba el token (se carga el usuario con él)',
      actor: (p) => {
        expect(p.input.token, 'sin token guardado no hay nada que comprobar').not.toBeNull();
        const check = recorded(p, 'checkSession');
        expect(check.map((c) => c.input)).toEqual([{ token: p.input.token }]);
        expect(check[0]?.outcome).toBeUndefined();
      },
    },
    storage,
  ],
  '{"signedOut":"error"}': [
    storage,
    signedOutNow,
    {
      says: 'Se llega aquí tras un intento fallido: el servidor rechazó el inicio o la cuenta no es de contratista en su portal',
      actor: (p) => lastWas(p, ...FAILED_ATTEMPT),
    },
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
    storage,
    signedOutNow,
    {
      says: 'Los campos muestran lo escrito; tras cerrar el aviso no queda mensaje; un intento fallido siempre dice por qué (no vuelve callado al formulario)',
      actor: (p) => {
        const said = sessionSays(p.events as Ev[]);
        if (p.events.at(-1)?.type === 'credentials.change') expect(p.snapshot.context.credentials).toEqual(said.typed);
        expect(p.snapshot.context.error).toBeNull();
        expect(FAILED_ATTEMPT).not.toContain(p.events.at(-1)?.type);
        const last = p.events.at(-1) as Ev | undefined;
        if (last?.type === 'session.signIn')
          expect(credentialsValid(last.portal!, said.typed), 'los campos cumplen las reglas y no se envió').toBe(false);
      },
    },
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
  '"rejecting"': [
    busyButton,
    storage,
    {
      says: "En el portal de contratistas una cuenta que no es de contratista no entra: su token recién dado se revoca (sin guardarlo) antes de decir 'Este portal es solo para contratistas…'",
      actor: (p) => {
        lastWas(p, 'xstate.done.actor.signIn');
        const said = sessionSays(p.events as Ev[]);
        expect(said.portal).toBe('contractor');
        expect((p.events.at(-1) as Ev).output!.user.idUsersTypes).not.toBe(15);
        const revoke = p.calls.filter((c) => c.src === 'signOut').at(-1);
        expect(revoke?.input).toEqual({ token: (p.events.at(-1) as Ev).output!.token });
        expect(revoke?.outcome).toBeUndefined();
        expect(p.snapshot.context.error).toMatch(/^Este portal es solo para contratistas/);
      },
    },
  ],
  '"switching"': [
    signedInShell,
    storage,
    {
      says: 'Elegir otro fraccionamiento del menú lo cambia (PUT api/users/setUpdateFrac/{fracUuid}) sin dejar la sesión',
      actor: (p) => {
        lastWas(p, 'session.switchCommunity');
        const call = p.calls.filter((c) => c.src === 'switchCommunity').at(-1);
        expect(call?.input).toEqual({ uuid: p.events.at(-1)?.uuid });
        expect(call?.outcome).toBeUndefined();
        expect(p.snapshot.hasTag('signedIn')).toBe(true);
      },
    },
  ],
  '"signingOut"': [
    signedInShell,
    storage,
    {
      says: "'Cerrar Sesión' cierra la sesión de este token en el servidor",
      actor: (p) => {
        lastWas(p, 'session.signOut');
        const call = p.calls.filter((c) => c.src === 'signOut').at(-1);
        expect(call?.input).toEqual({ token: p.snapshot.context.token });
        expect(p.snapshot.context.token).not.toBeNull();
        expect(call?.outcome).toBeUndefined();
      },
    },
  ],
  '"signingIn"': [
    storage,
    {
      says: 'Ingresar envía el correo y la contraseña escritos, en el portal donde se pulsó',
      actor: (p) => {
        lastWas(p, 'session.signIn');
        const call = p.calls.filter((c) => c.src === 'signIn').at(-1) ?? fail('no se envió');
        if (call.input.email !== 'a@porton.mx' || call.input.password !== 'Porton2026')
          fail(`envió ${call.input.email}`);
        expect(call.input.portal).toBe((p.events.at(-1) as Ev).portal);
        expect(p.snapshot.context.error).toBeNull();
      },
    },
    busyButton,
  ],
  '"authenticated"': [
    {
      says: 'Con sesión se conoce al usuario y su fraccionamiento activo',
      actor: (p) => {
        if (!p.snapshot.context.user || !p.snapshot.hasTag('signedIn')) fail('sin usuario');
        const said = sessionSays(p.events as Ev[]);
        if (p.events.at(-1)?.type === 'xstate.done.actor.signIn')
          expect(said.portal === 'main' || p.snapshot.context.user?.idUsersTypes === 15, 'entró donde no le toca').toBe(
            true,
          );
      },
    },
    storage,
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

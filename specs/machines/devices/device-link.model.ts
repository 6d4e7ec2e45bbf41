import { vi } from 'vitest';
import { LINK_POLL_MS } from '../../../src/shared/devices/device-rules.js';
import type { ViewProbe as ScreenProbe } from '../../support/view-paths.js';
import { deviceLinkMachine } from '../../../machines/devices/device-link.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

/** The moment the model starts (its tests hold the clock here). */
export const T0 = Math.floor(Date.now() / 1000) * 1000;
const MINUTE = 60_000;
/** A link code lives 10 minutes; the renewed one 10 minutes from its own issue. */
export const FIRST = { code: 'K7M2Q9XA', expiresAt: new Date(T0 + 10 * MINUTE).toISOString() };
export const RENEWED = { code: 'P4W9ZTRB', expiresAt: new Date(T0 + 30 * MINUTE).toISOString() };
export const LINK_TOKEN = '3f1c9a52-7d1e-4c55-9e1b-2a9f0c7d4e11';
const http = (status: number, error_description: string) => ({
  kind: 'http',
  status,
  body: { error: 'conflict', error_description },
});
export const alreadyLinked = http(409, 'El dispositivo ya está vinculado: desvincúlalo para generar un código nuevo.');
export const wrongToken = http(400, 'El token no corresponde al dispositivo vinculado.');

const row = (status: 'ACTIVE' | 'INACTIVE') => ({
  uuid: 'dev-1',
  name: 'Caseta peatonal',
  status,
  deviceToken: status === 'ACTIVE' ? LINK_TOKEN : null,
  online: false,
  lastSeenAt: null,
});
/** `GET api/devices/{id}` once linked: ACTIVE, with its link's identifier. */
export const linkedRecord = {
  uuid: 'dev-1',
  name: 'Caseta peatonal',
  status: 'ACTIVE',
  deviceToken: LINK_TOKEN,
  online: true,
  lastSeenAt: new Date(T0).toISOString(),
};
export const linkRows = { inactive: row('INACTIVE'), active: row('ACTIVE') };
export const EXPIRY_EVENT = 'xstate.after.untilExpiry.deviceLink.showingCode';
export const POLL_EVENT = 'xstate.after.poll.deviceLink.showingCode';

/** The code a state's issue answers: the first when the dialog opens, then the renewed one. */
const answerFor = (value: string) => (value === 'issuing' ? FIRST : RENEWED);

/** The row's link as the graph walks it: alone, without the list it tells (the runners record what it asks). */
export const deviceLink = deviceLinkMachine.provide({ actions: { askDelete: () => {}, askReload: () => {} } });

export const deviceLinkModel: ModelSpec = {
  name: 'deviceLink',
  run: { actors: ['issueCode', 'readDevice', 'unlinkDevice'] },
  recordedActions: ['askDelete', 'askReload'],
  clock: {
    start: T0,
    setNow: (ms) => vi.setSystemTime(ms),
    fires: {
      [EXPIRY_EVENT]: (t, s) => t.due === Date.parse(s.context.expiresAt!),
      [POLL_EVENT]: (t) => t.ms === LINK_POLL_MS,
    },
  },
  machine: deviceLink,
  // The list spawns one per shown row, with the row as the server listed it.
  inputs: [
    { name: 'inactivo', input: { row: linkRows.inactive } },
    { name: 'activo', input: { row: linkRows.active } },
  ],
  key: (s) => ({ code: s.context.code, online: s.context.online }),
  events: (s) => {
    const value = s.value as string;
    switch (value) {
      case 'inactive':
        return [{ type: 'link.open' }, { type: 'device.delete' }];
      case 'issuing':
      case 'renewing':
        return [
          { type: `xstate.done.actor.${value === 'issuing' ? 'issue' : 'renew'}`, output: answerFor(value) },
          { type: `xstate.error.actor.${value === 'issuing' ? 'issue' : 'renew'}`, error: alreadyLinked },
          { type: 'device.linked' },
          { type: 'link.close' },
        ];
      // The first code expires once (the clock moves to its expiry); the renewed one lives past the path.
      // 'Renovar código' first: the graph reaches the renewed code by it, so the expiry ends the paths that take it.
      case 'showingCode':
        return [
          { type: 'code.renew' },
          ...(s.context.code === FIRST.code ? [{ type: EXPIRY_EVENT }] : []),
          { type: POLL_EVENT },
          { type: 'device.linked' },
          { type: 'link.close' },
        ];
      case 'confirming':
        return [
          { type: 'xstate.done.actor.confirm', output: linkedRecord },
          { type: 'xstate.error.actor.confirm', error: { kind: 'network' } },
        ];
      case 'polling':
        return [
          { type: 'xstate.done.actor.poll', output: linkedRecord },
          { type: 'xstate.done.actor.poll', output: { status: 'INACTIVE' } },
          { type: 'xstate.error.actor.poll', error: { kind: 'network' } },
          { type: 'device.linked' },
          { type: 'link.close' },
        ];
      case 'active':
        return [
          { type: 'unlink.open' },
          {
            type: 'device.status',
            status: 'ACTIVE',
            online: !s.context.online,
            lastSeenAt: s.context.online ? new Date(T0 - 3 * MINUTE).toISOString() : new Date(T0).toISOString(),
          },
        ];
      case 'confirmUnlink':
        return [{ type: 'unlink.confirm' }, { type: 'unlink.cancel' }];
      case 'unlinking':
        return [
          { type: 'xstate.done.actor.unlink', output: {} },
          { type: 'xstate.error.actor.unlink', error: wrongToken },
        ];
      case 'issueFailed':
      case 'linked':
      case 'unlinked':
      case 'unlinkFailed':
        return [{ type: 'dialog.close' }];
      default:
        return [];
    }
  },
};

/** What the runner records besides the calls: what the row asked its list (delete, reload). */
type Probe = ActorProbe & { asked?: string[] };
/** What the row asked its list: the spec runner's record, or the recorded actions of the generic runner. */
const askedOf = (p: Probe): string[] =>
  p.asked ??
  p.calls.flatMap((c) =>
    c.src === 'askDelete'
      ? [`delete:${(p.input as { row: { uuid: string } }).row.uuid}`]
      : c.src === 'askReload'
        ? ['reload']
        : [],
  );
const fail = (message: string) => {
  throw new Error(message);
};
const issues = (p: Probe) => p.calls.filter((c) => c.src === 'issueCode');
const opens = (p: Probe) => p.events.filter((e) => e.type === 'link.open').length;
const renewals = (p: Probe) => p.events.filter((e) => e.type === 'code.renew' || e.type === EXPIRY_EVENT).length;
const dialog = (p: Pick<ScreenProbe, 'screen'>, name: string) =>
  p.screen.getByRole('alertdialog', { name, hidden: true }) as HTMLElement;
const linkDialog = (p: Pick<ScreenProbe, 'screen'>) =>
  p.screen.queryByRole('dialog', { name: 'Vincular dispositivo', hidden: true }) as HTMLElement | null;
const button = (p: Pick<ScreenProbe, 'screen'>, name: string) =>
  p.screen.queryAllByRole('button', { name, hidden: true }).length > 0;

type Ev = { type: string; output?: { status?: string }; online?: boolean };
/** The step that brought the row here ('start' for the row as listed). */
const lastWas = (p: Probe, ...types: string[]) => {
  const last = p.events.at(-1)?.type ?? 'start';
  if (!types.includes(last)) fail(`llegó con ${last}`);
};
/** The server's word that the device linked: DEVICE_LINKED's read (answered or not), or a poll that sees it ACTIVE. */
const LINKED = (e: Ev) =>
  e.type === 'xstate.done.actor.confirm' ||
  e.type === 'xstate.error.actor.confirm' ||
  (e.type === 'xstate.done.actor.poll' && e.output?.status === 'ACTIVE');
/**
 * The device's status by the spec's rules over the steps: as listed, ACTIVE once it links,
 * INACTIVE once unlinked ('an unlinked device cannot be used').
 */
const statusSays = (p: Probe) => {
  let status = (p.input as { row: { status: string } }).row.status;
  for (const e of p.events as Ev[]) {
    if (LINKED(e)) status = 'ACTIVE';
    if (e.type === 'xstate.done.actor.unlink') status = 'INACTIVE';
  }
  return status;
};
/** Acknowledging 'Dispositivo vinculado' or 'Dispositivo desvinculado correctamente' asks the list again, and nothing else does. */
const reloadsSaid = (p: Probe) =>
  (p.events as Ev[]).filter(
    (e, i) =>
      e.type === 'dialog.close' &&
      i > 0 &&
      (LINKED(p.events[i - 1] as Ev) || p.events[i - 1]!.type === 'xstate.done.actor.unlink'),
  ).length;
const reloads = {
  says: "Al aceptar 'Dispositivo vinculado' o 'Dispositivo desvinculado correctamente' la lista se vuelve a pedir, y solo entonces",
  actor: (p: Probe) => {
    const asked = askedOf(p).filter((a) => a === 'reload').length;
    if (asked !== reloadsSaid(p)) fail(`se pidió la lista ${asked} veces, el spec dice ${reloadsSaid(p)}`);
  },
};
/** The link dialog's countdown (the code's expiry and the poll) runs only while the code is shown. */
const noCountdown = {
  says: 'La cuenta regresiva del código (y la consulta de respaldo) solo corre mientras se muestra el código: al cerrarlo, vincular o desvincular no queda ningún temporizador pendiente',
  actor: (p: Probe) => {
    if (p.timers.length) fail(`quedan temporizadores pendientes: ${JSON.stringify(p.timers)}`);
  },
};
/** No dialog of the link is left: no code, no 'Error'. */
const noLinkDialog = {
  says: "Cerrado el diálogo o el aviso de 'Error', no queda código ni error a la vista",
  actor: (p: Probe) => {
    if (p.snapshot.context.code !== null) fail('el código sigue a la vista');
    if (p.snapshot.context.error !== null) fail("el 'Error' sigue a la vista");
  },
};
const statusIs = (status: string) => ({
  says: `El dispositivo está ${status}: lo listado, ACTIVE al vincularse, INACTIVE al desvincularse`,
  actor: (p: Probe) => {
    if (statusSays(p) !== status) fail(`el spec da ${statusSays(p)}`);
  },
});

deviceLinkModel.noExpectation = {
  checking:
    'Decide sin esperar a nadie (el actor nunca se queda aquí): que un INACTIVE se vincule o elimine y un ACTIVE solo se desvincule lo dicen inactive y active.',
};

/* What the specification says holds in each state: link and unlink, the texts, online status. */
deviceLinkModel.expectations = {
  '"inactive"': [
    statusIs('INACTIVE'),
    noCountdown,
    noLinkDialog,
    reloads,
    {
      says: 'Se llega aquí como listado, cerrando el diálogo, aceptando un error de código o tras desvincular',
      actor: (p: Probe) => lastWas(p, 'start', 'link.close', 'dialog.close', 'device.delete'),
    },
    {
      says: 'Un dispositivo INACTIVE se puede vincular o eliminar; no se desvincula; sin diálogo de vinculación abierto',
      view: (p) => {
        if (!button(p, 'Vincular') || !button(p, 'Eliminar')) fail('faltan Vincular o Eliminar');
        if (button(p, 'Desvincular')) fail('ofrece Desvincular');
        if (linkDialog(p)) fail('el diálogo de vinculación sigue abierto');
      },
    },
    {
      says: 'Eliminar pide a la lista confirmar la eliminación de ese dispositivo (solo desde inactivo)',
      actor: (p: Probe) => {
        const asked = askedOf(p).filter((a) => a === 'delete:dev-1').length;
        if (asked !== p.events.filter((e) => e.type === 'device.delete').length)
          fail(`se pidió eliminar ${asked} veces`);
      },
    },
  ],
  '"issuing"': [
    noCountdown,
    { says: "Solo 'Vincular' abre el diálogo", actor: (p: Probe) => lastWas(p, 'link.open') },
    {
      says: 'Abrir el diálogo pide un código nuevo para ese dispositivo',
      actor: (p: Probe) => {
        const call = issues(p).at(-1) ?? fail('no se pidió código');
        if (call.input.uuid !== 'dev-1') fail(`se pidió para ${call.input.uuid}`);
        if (issues(p).length !== opens(p) + renewals(p)) fail('se pidieron códigos de más');
      },
    },
  ],
  '"showingCode"': [
    {
      says: 'El código se muestra cuando el servidor lo da, y sigue a la vista si una consulta no ve el dispositivo vinculado o falla',
      actor: (p: Probe) => {
        lastWas(
          p,
          'xstate.done.actor.issue',
          'xstate.done.actor.renew',
          'xstate.done.actor.poll',
          'xstate.error.actor.poll',
        );
        if (LINKED(p.events.at(-1) as Ev)) fail('la consulta vio el dispositivo ACTIVE y el código sigue a la vista');
      },
    },
    {
      says: 'Mientras se muestra el código corre su cuenta regresiva hasta su vencimiento y la consulta de respaldo',
      actor: (p: Probe) => {
        const due = Date.parse(p.snapshot.context.expiresAt);
        if (!p.timers.some((t) => t.due === due)) fail('no hay cuenta regresiva al vencimiento');
        if (!p.timers.some((t) => t.ms === LINK_POLL_MS)) fail('no hay consulta programada');
      },
    },
    {
      says: 'El diálogo muestra el código que respondió el servidor, vigente (10 minutos), como QR y como texto, con su cuenta regresiva y el botón de renovar',
      actor: (p: Probe) => {
        const answered =
          issues(p)
            .filter((c) => c.outcome === 'done')
            .at(-1) ?? fail('ningún código respondido');
        const { code, expiresAt } = p.snapshot.context;
        if (code !== answered.output.code) fail(`muestra ${code} y el servidor dio ${answered.output.code}`);
        if (!(Date.parse(expiresAt) > Date.now())) fail('muestra un código vencido');
      },
      view: (p) => {
        const box = linkDialog(p) ?? fail('no hay diálogo de vinculación');
        if (!box.textContent!.includes(p.context.code)) fail(`no se ve el código ${p.context.code}`);
        if (!box.querySelector('svg[aria-label="Código QR de vinculación"]')) fail('no hay QR');
        if (!/\d\d:\d\d/.test(box.textContent!)) fail('no hay cuenta regresiva');
        if (!button(p, 'Renovar código')) fail('no hay botón Renovar código');
      },
    },
  ],
  '"renewing"': [
    {
      says: "Solo el vencimiento o 'Renovar código' piden un código nuevo",
      actor: (p: Probe) => lastWas(p, 'code.renew', EXPIRY_EVENT),
    },
    noCountdown,
    {
      says: 'Al vencer el código, o con Renovar código, se pide uno nuevo',
      actor: (p: Probe) => {
        if (issues(p).length !== opens(p) + renewals(p)) fail(`${issues(p).length} códigos pedidos`);
      },
    },
  ],
  '"polling"': [
    { says: 'La consulta corre cuando toca', actor: (p: Probe) => lastWas(p, POLL_EVENT) },
    noCountdown,
    {
      says: 'Mientras se muestra el código se consulta el dispositivo (respaldo del evento en tiempo real)',
      actor: (p: Probe) => {
        if (!p.calls.some((c) => c.src === 'readDevice' && c.input.uuid === 'dev-1')) fail('no se consultó');
      },
    },
  ],
  '"issueFailed"': [
    {
      says: "'Error' solo si el servidor no da el código",
      actor: (p: Probe) => lastWas(p, 'xstate.error.actor.issue', 'xstate.error.actor.renew'),
    },
    noCountdown,
    {
      says: "Si no se puede generar el código: 'Error' con el error_description del servidor",
      actor: (p: Probe) => {
        if (p.snapshot.context.error !== alreadyLinked.body.error_description) fail(`dice ${p.snapshot.context.error}`);
      },
      view: (p) => {
        if (!dialog(p, 'Error').textContent!.includes(alreadyLinked.body.error_description))
          fail('no muestra el motivo');
      },
    },
  ],
  '"confirming"': [
    { says: 'Se lee el dispositivo solo al llegar DEVICE_LINKED', actor: (p: Probe) => lastWas(p, 'device.linked') },
    noCountdown,
    {
      says: 'Al llegar DEVICE_LINKED se lee el dispositivo vinculado',
      actor: (p: Probe) => {
        if (!p.calls.some((c) => c.src === 'readDevice' && c.input.uuid === 'dev-1')) fail('no se leyó');
      },
    },
  ],
  '"linked"': [
    {
      says: "'Dispositivo vinculado' solo cuando el servidor dice que se vinculó (DEVICE_LINKED, o la consulta lo ve ACTIVE); el dispositivo leído queda con su token",
      actor: (p: Probe) => {
        if (!LINKED(p.events.at(-1) as Ev)) fail(`llegó con ${p.events.at(-1)?.type}`);
        const read = p.calls.filter((c) => c.src === 'readDevice').at(-1);
        if (read?.outcome === 'done' && p.snapshot.context.row.deviceToken !== LINK_TOKEN)
          fail('no se guardó el token del dispositivo vinculado');
      },
    },
    noCountdown,
    {
      says: "Cuando el dispositivo se vincula, el diálogo se cierra solo y dice 'Dispositivo vinculado'",
      actor: (p: Probe) => {
        if (p.snapshot.context.code !== null) fail('el código sigue mostrándose');
      },
      view: (p) => {
        if (linkDialog(p)) fail('el diálogo de vinculación sigue abierto');
        dialog(p, 'Dispositivo vinculado');
      },
    },
  ],
  '"active"': [
    statusIs('ACTIVE'),
    noCountdown,
    noLinkDialog,
    reloads,
    {
      says: 'Se llega aquí como listado, aceptando el aviso de vinculado o un error de desvinculación, o cancelando la desvinculación',
      actor: (p: Probe) => lastWas(p, 'start', 'dialog.close', 'unlink.cancel', 'device.status'),
    },
    {
      says: 'Un dispositivo activo solo se puede desvincular: ni Vincular ni Eliminar',
      view: (p) => {
        if (!button(p, 'Desvincular')) fail('no hay Desvincular');
        if (button(p, 'Vincular') || button(p, 'Eliminar')) fail('ofrece Vincular o Eliminar');
      },
    },
    {
      says: 'En línea o fuera de línea se muestra al momento junto al punto de estado (DEVICE_STATUS)',
      actor: (p: Probe) => {
        // biome-ignore lint/suspicious/noExplicitAny: the probe's events are the model's untyped event list
        const last = [...p.events].reverse().find((e) => e.type === 'device.status') as any;
        if (last && p.snapshot.context.online !== last.online) fail('no sigue el último estado recibido');
      },
      view: (p) => {
        const text = p.context.online ? 'En línea' : 'Fuera de línea';
        if (!p.screen.getByText(text)) fail(`no dice ${text}`);
      },
    },
  ],
  '"confirmUnlink"': [
    { says: "Solo 'Desvincular' pide la confirmación", actor: (p: Probe) => lastWas(p, 'unlink.open') },
    noCountdown,
    {
      says: 'Desvincular pide confirmación',
      view: (p) => {
        if (!dialog(p, '¿Seguro que deseas desvincular Caseta peatonal?')) fail('sin confirmación');
      },
    },
  ],
  '"unlinking"': [
    { says: 'Solo se desvincula tras confirmar', actor: (p: Probe) => lastWas(p, 'unlink.confirm') },
    noCountdown,
    {
      says: 'Se desvincula enviando el token del dispositivo',
      actor: (p: Probe) => {
        const call = p.calls.filter((c) => c.src === 'unlinkDevice').at(-1) ?? fail('no se desvinculó');
        // The token is the row's, or the linked record's; a link whose record could not be read has none to send.
        const unread =
          p.calls.some((c) => c.src === 'readDevice' && c.outcome === 'error') &&
          !p.calls.some((c) => c.src === 'readDevice' && c.outcome === 'done');
        if (call.input.uuid !== 'dev-1' || (call.input.deviceToken !== LINK_TOKEN && !unread))
          fail(`envió ${JSON.stringify(call.input)}`);
      },
    },
  ],
  '"unlinked"': [
    {
      says: "'Dispositivo desvinculado correctamente' cuando el servidor desvincula; un dispositivo desvinculado no se usa (fuera de línea)",
      actor: (p: Probe) => {
        lastWas(p, 'xstate.done.actor.unlink');
        if (p.snapshot.context.online) fail('sigue en línea');
      },
    },
    noCountdown,
    {
      says: "'Dispositivo desvinculado correctamente'",
      view: (p) => {
        if (!dialog(p, '¡Correcto!').textContent!.includes('Dispositivo desvinculado correctamente')) fail('sin aviso');
      },
    },
  ],
  '"unlinkFailed"': [
    { says: "'Error' solo si el servidor no desvincula", actor: (p: Probe) => lastWas(p, 'xstate.error.actor.unlink') },
    noCountdown,
    {
      says: "Si no se puede desvincular: 'Error' con el error_description",
      actor: (p: Probe) => {
        if (p.snapshot.context.error !== wrongToken.body.error_description) fail(`dice ${p.snapshot.context.error}`);
      },
      view: (p) => {
        if (!dialog(p, 'Error').textContent!.includes(wrongToken.body.error_description)) fail('no muestra el motivo');
      },
    },
  ],
};
deviceLinkModel.describeEvent = (e) =>
  (
    ({
      'link.open': "pulsa 'Vincular'",
      'link.close': 'cierra el diálogo',
      'code.renew': "pulsa 'Renovar código'",
      'device.linked': 'llega DEVICE_LINKED',
      'device.status': `llega DEVICE_STATUS (${e.online ? 'en línea' : 'fuera de línea'})`,
      'device.delete': "pulsa 'Eliminar'",
      'unlink.open': "pulsa 'Desvincular'",
      'unlink.confirm': 'confirma',
      'unlink.cancel': 'cancela',
      'dialog.close': 'cierra el aviso',
      [EXPIRY_EVENT]: 'vence el código',
      [POLL_EVENT]: 'toca consultar',
      'xstate.done.actor.issue': 'el servidor da un código',
      'xstate.error.actor.issue': 'el servidor no da código (409)',
      'xstate.done.actor.renew': 'el servidor da un código nuevo',
      'xstate.error.actor.renew': 'el servidor no renueva (409)',
      'xstate.done.actor.poll': `la consulta dice ${e.output?.status}`,
      'xstate.done.actor.confirm': 'se lee el dispositivo vinculado',
      'xstate.error.actor.confirm': 'no se puede leer el dispositivo',
      'xstate.error.actor.poll': 'la consulta falla',
      'xstate.done.actor.unlink': 'el servidor desvincula',
      'xstate.error.actor.unlink': 'el servidor rechaza el token (400)',
    }) as Record<string, string>
  )[e.type] ?? e.type;

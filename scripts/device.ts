/**
 * `npm run device -- <command>`: a device simulator. It acts as a guard booth or a
 * scanner against a running Portón, so anyone can try linking, heartbeats, visits and unlinking
 * without hardware. What it learns when linking (server, token, device) is kept in a state file.
 *
 *   link <code | QR text> [--server URL] [--once]   links with the code shown in 'Vincular dispositivo',
 *                                                   prints the token, then sends a heartbeat every 30 s
 *   heartbeat [--once]                              sends heartbeats (one with --once)
 *   visit [--name Nombre] [--last Apellidos] [--mode MANUAL|QR]   registers an entry (POST /api/visitants)
 *   exit <visit uuid>                               registers that visit's exit
 *   checkin <pass> [--offline]                      a massive event guest's entry with the pass of their invitation's QR
 *   checkout <pass> [--offline]                     that guest's exit
 *   snapshot                                        keeps what the gate needs to verify passes offline
 *   sync                                            sends the entries and exits let through offline, in order
 *   status                                          prints the state file
 *
 * A scanner verifies offline as the /checkin screen does (src/shared/passes/offline-verify.ts): when the
 * server cannot be reached, or with --offline, `checkin` and `checkout` check the pass with the kept
 * snapshot and keep the record; `sync` sends them (each once, by its id) and prints the server's decisions.
 *
 * Options: --server (default http://localhost:3000, or the server in the QR text), --state FILE
 * (default data/device-simulator.json). Exit code 1 when the server refuses (e.g. 401 once unlinked).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { HEARTBEAT_INTERVAL_MS, parseLinkUri } from '../src/shared/devices/device-rules.js';
import type { HeartbeatAnswer, LinkAnswer } from '../src/shared/devices/device-types.js';
import type { Visit } from '../src/shared/visits/visit-types.js';
import type { CheckinAnswer } from '../src/shared/passes/checkin.schema.js';
import { checkinPlace } from '../src/shared/passes/checkin-rules.js';
import { GATE_SYNC_MAX, type GateSnapshot, type GateSyncAnswer } from '../src/shared/passes/gate.schema.js';
import { gateIndexOf, verifyOffline } from '../src/shared/passes/offline-verify.js';
import { decodePass } from '../src/shared/passes/pass-types.js';

/** An entry or exit let through offline, waiting for `sync`. */
interface KeptRecord {
  id: string;
  pass: string;
  direction: 'IN' | 'OUT';
  at: string;
  subject: string;
}

interface DeviceState {
  server: string;
  deviceToken: string;
  device: LinkAnswer['device'];
  frac: LinkAnswer['frac'];
  /** What the gate keeps to verify offline (`snapshot`), and the records not sent yet. */
  gate?: GateSnapshot;
  queue?: KeptRecord[];
}

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string' },
    state: { type: 'string', default: 'data/device-simulator.json' },
    once: { type: 'boolean', default: false },
    name: { type: 'string', default: 'Visitante' },
    last: { type: 'string', default: 'Simulado' },
    mode: { type: 'string' },
    offline: { type: 'boolean', default: false },
  },
});
const [command, argument] = positionals;

class Refused extends Error {}

const readState = (): DeviceState => {
  try {
    return JSON.parse(readFileSync(options.state!, 'utf8')) as DeviceState;
  } catch {
    throw new Refused(
      `No hay un dispositivo vinculado en ${options.state}: primero 'npm run device -- link <código>'.`,
    );
  }
};

async function call<T>(server: string, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(new URL(path, server), {
    method,
    headers: {
      'accept-language': 'es-MX',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Refused(`${res.status} ${json?.error_description ?? res.statusText}`);
  return json as T;
}

const saveState = (state: DeviceState) =>
  writeFileSync(options.state!, JSON.stringify(state, null, 2), { mode: 0o600 });

/** The scanner's own verdict with the kept snapshot; a pass let through is kept for `sync`. */
async function verifyHere(state: DeviceState, pass: string, direction: 'IN' | 'OUT') {
  if (!state.gate) throw new Refused("Sin conexión y sin los datos de la caseta: ejecuta 'snapshot' con conexión.");
  const queue = state.queue ?? [];
  const inside = new Set(state.gate.inside.map((i) => i.subject));
  for (const r of queue) {
    if (r.direction === 'IN') inside.add(r.subject);
    else inside.delete(r.subject);
  }
  const id = crypto.randomUUID();
  const verdict = await verifyOffline(await gateIndexOf(state.gate), {
    text: pass,
    direction,
    at: Date.now(),
    recordId: id,
    inside,
  });
  if (!verdict.ok) throw new Refused(verdict.reason);
  queue.push({ id, pass, direction, at: verdict.answer.at, subject: decodePass(pass)!.subject });
  saveState({ ...state, queue });
  const { guest } = verdict.answer;
  console.log(
    `${direction === 'IN' ? 'Acceso permitido' : 'Salida registrada'} (sin conexión): ${guest.firstName} ${guest.lastName}, ${checkinPlace(verdict.answer)}`,
  );
  console.log(`Registros pendientes: ${queue.length}`);
}

async function heartbeat(state: DeviceState) {
  const answer = await call<HeartbeatAnswer>(state.server, 'POST', '/api/devices/heartbeat', state.deviceToken);
  console.log(
    `Latido ${new Date().toLocaleTimeString('es-MX')}: ${answer.status}, ${answer.online ? 'en línea' : 'fuera de línea'}`,
  );
}

/** Heartbeats every 30 s until Ctrl-C, or one with --once; a refused heartbeat (unlinked) ends it. */
async function keepBeating(state: DeviceState) {
  await heartbeat(state);
  if (options.once) return;
  console.log('Enviando latidos cada 30 s (Ctrl-C para terminar).');
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      heartbeat(state).catch((error) => {
        clearInterval(timer);
        reject(error);
      });
    }, HEARTBEAT_INTERVAL_MS);
    process.once('SIGINT', () => {
      clearInterval(timer);
      resolve();
    });
  });
}

async function main() {
  switch (command) {
    case 'link': {
      if (!argument) throw new Refused('Falta el código: npm run device -- link <código>');
      const read = parseLinkUri(argument);
      const server = options.server ?? read.server ?? 'http://localhost:3000';
      const answer = await call<LinkAnswer>(server, 'POST', '/api/devices/link', null, { code: read.code });
      const state: DeviceState = { server, deviceToken: answer.deviceToken, device: answer.device, frac: answer.frac };
      mkdirSync(dirname(options.state!), { recursive: true });
      saveState(state);
      console.log(`Vinculado: ${answer.device.name} (${answer.device.deviceType}) en ${answer.frac.name}`);
      console.log(`Token del dispositivo: ${answer.deviceToken}`);
      console.log(`Guardado en ${options.state}`);
      return keepBeating(state);
    }
    case 'heartbeat':
      return keepBeating(readState());
    case 'visit': {
      const state = readState();
      const accessMode = options.mode ?? (state.device.deviceType === 'SCANNER' ? 'QR' : 'MANUAL');
      const visit = await call<Visit>(state.server, 'POST', '/api/visitants', state.deviceToken, {
        firstName: options.name,
        lastName: options.last,
        accessMode,
      });
      console.log(
        `Entrada registrada: ${visit.firstName} ${visit.lastName} (${visit.accessMode}) por ${visit.testGateArrival?.name ?? state.device.name}`,
      );
      console.log(`Visita: ${visit.uuid}`);
      return;
    }
    case 'exit': {
      if (!argument) throw new Refused('Falta la visita: npm run device -- exit <uuid>');
      const state = readState();
      const visit = await call<Visit>(
        state.server,
        'PUT',
        `/api/visitants/${encodeURIComponent(argument)}/exit`,
        state.deviceToken,
        {},
      );
      console.log(`Salida registrada: ${visit.firstName} ${visit.lastName} a las ${visit.timeout}`);
      return;
    }
    case 'checkin':
    case 'checkout': {
      if (!argument) throw new Refused(`Falta el pase: npm run device -- ${command} <pase>`);
      const state = readState();
      const direction = command === 'checkin' ? 'IN' : 'OUT';
      if (options.offline) return verifyHere(state, argument, direction);
      let answer: CheckinAnswer;
      try {
        answer = await call<CheckinAnswer>(
          state.server,
          'POST',
          `/api/massiveEventGuests/${command}`,
          state.deviceToken,
          {
            pass: argument,
          },
        );
      } catch (error) {
        // No answer at all (fetch failed): the scanner decides with what it keeps.
        if (error instanceof TypeError) return verifyHere(state, argument, direction);
        throw error;
      }
      console.log(
        `${answer.direction === 'IN' ? 'Acceso permitido' : 'Salida registrada'}: ${answer.guest.firstName} ${answer.guest.lastName}, ${checkinPlace(answer)}`,
      );
      console.log(`Visita: ${answer.visitUuid}`);
      return;
    }
    case 'snapshot': {
      const state = readState();
      const gate = await call<GateSnapshot>(state.server, 'GET', '/api/gate/snapshot', state.deviceToken);
      saveState({ ...state, gate });
      console.log(
        `Datos de la caseta guardados: ${gate.events.length} eventos, ${gate.sites.length} obras, ${gate.holders.length} personas, ${gate.inside.length} dentro.`,
      );
      return;
    }
    case 'sync': {
      const state = readState();
      let queue = state.queue ?? [];
      while (queue.length) {
        const batch = queue.slice(0, GATE_SYNC_MAX);
        const { outcomes } = await call<GateSyncAnswer>(state.server, 'POST', '/api/gate/sync', state.deviceToken, {
          records: batch.map(({ id, pass, direction, at }) => ({ id, pass, direction, at })),
        });
        for (const o of outcomes)
          console.log(`${o.id}: ${o.outcome === 'accepted' ? 'aceptado' : 'rechazado'}, ${o.decision}`);
        const answered = new Set(outcomes.map((o) => o.id));
        queue = queue.filter((r) => !answered.has(r.id));
        saveState({ ...state, queue });
      }
      console.log('Registros pendientes: 0');
      return;
    }
    case 'status': {
      const state = readState();
      console.log(`${state.device.name} (${state.device.deviceType}) en ${state.frac.name}, servidor ${state.server}`);
      return;
    }
    default:
      throw new Refused(
        'Comandos: link <código>, heartbeat [--once], visit, exit <uuid>, checkin <pase>, checkout <pase>, snapshot, sync, status. Ver scripts/device.ts.',
      );
  }
}

main().catch((error) => {
  console.error(error instanceof Refused ? `Rechazado: ${error.message}` : error);
  process.exit(1);
});

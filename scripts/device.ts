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
 *   checkin <pass>                                  a massive event guest's entry with the pass of their invitation's QR
 *   checkout <pass>                                 that guest's exit
 *   status                                          prints the state file
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

interface DeviceState {
  server: string;
  deviceToken: string;
  device: LinkAnswer['device'];
  frac: LinkAnswer['frac'];
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
      writeFileSync(options.state!, JSON.stringify(state, null, 2), { mode: 0o600 });
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
      const answer = await call<CheckinAnswer>(
        state.server,
        'POST',
        `/api/massiveEventGuests/${command}`,
        state.deviceToken,
        { pass: argument },
      );
      console.log(
        `${answer.direction === 'IN' ? 'Acceso permitido' : 'Salida registrada'}: ${answer.guest.firstName} ${answer.guest.lastName}, ${checkinPlace(answer)}`,
      );
      console.log(`Visita: ${answer.visitUuid}`);
      return;
    }
    case 'status': {
      const state = readState();
      console.log(`${state.device.name} (${state.device.deviceType}) en ${state.frac.name}, servidor ${state.server}`);
      return;
    }
    default:
      throw new Refused(
        'Comandos: link <código>, heartbeat [--once], visit, exit <uuid>, checkin <pase>, checkout <pase>, status. Ver scripts/device.ts.',
      );
  }
}

main().catch((error) => {
  console.error(error instanceof Refused ? `Rechazado: ${error.message}` : error);
  process.exit(1);
});

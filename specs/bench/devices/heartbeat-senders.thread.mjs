/**
 * The booths of the device-heartbeat bench, in a thread of their own (they are other machines: their
 * HTTP client's work is not the server's). On 'run' sends each device's heartbeat in turn, evenly
 * spread over the period; on 'pause' stops sending and posts 'idle' once every answer is in. Posts
 * each send's time (on the clock shared by every thread: `timeOrigin + now()`) and each answer's
 * latency.
 *
 * workerData: { url, tokens: string[], uuids: string[], everyMs: number }
 * messages in: 'run' | 'pause'
 * messages out: { kind: 'sent', uuid, at } | { kind: 'answered', ms, ok } | { kind: 'idle' }
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { url, tokens, uuids, everyMs } = workerData;
const clock = () => performance.timeOrigin + performance.now();
let next = 0;
let open = 0;
let timer = null;

const idle = () => {
  if (timer === null && open === 0) parentPort.postMessage({ kind: 'idle' });
};

const send = () => {
  const i = next++ % tokens.length;
  const start = performance.now();
  parentPort.postMessage({ kind: 'sent', uuid: uuids[i], at: clock() });
  open++;
  fetch(`${url}/api/devices/heartbeat`, { method: 'POST', headers: { authorization: `Bearer ${tokens[i]}` } })
    .then(async (res) => {
      await res.arrayBuffer();
      parentPort.postMessage({ kind: 'answered', ms: performance.now() - start, ok: res.status === 200 });
    })
    .catch(() => parentPort.postMessage({ kind: 'answered', ms: performance.now() - start, ok: false }))
    .finally(() => {
      open--;
      idle();
    });
};

parentPort.on('message', (command) => {
  if (command === 'run' && timer === null) timer = setInterval(send, everyMs);
  if (command === 'pause') {
    if (timer !== null) clearInterval(timer);
    timer = null;
    idle();
  }
});

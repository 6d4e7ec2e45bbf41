/** The QA report as HTML pages that open offline (Mermaid is copied next to them): an index and one page per machine. */
import type { MutantScore } from './qa.js';
import { stateInWords } from './qa.js';
import type { MachineReport } from './report.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const page = (title: string, body: string, mermaid = false) => `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1100px;color:#1a202c;padding:0 1rem}
.scroll{overflow-x:auto}table{border-collapse:collapse}td,th{border:1px solid #cbd5e0;padding:.3rem .6rem;text-align:left}
.bad{color:#c53030;font-weight:600}.ok{color:#276749}
.says{color:#2c7a7b;list-style:'✓ '}.why{color:#744210;list-style:'— '}pre.mermaid{background:#f7fafc;padding:1rem;overflow:auto}
article h3{font-size:1rem;margin:.8rem 0 .2rem}
</style></head><body>${body}
${
  mermaid
    ? `<script src="mermaid.min.js"></script>
<script>mermaid.initialize({ startOnLoad: true, securityLevel: 'strict' });</script>`
    : ''
}
</body></html>`;

export const pageName = (machine: string) => `${machine}.html`;

/** The run's index: per machine, states and transitions reached, states with an expectation, mutants killed. */
export function indexHtml(
  reports: MachineReport[],
  mutants: Record<string, MutantScore>,
  named: string[],
  problems: string[],
  generated: string,
): string {
  const rows = reports
    .map((r) => {
      const m = mutants[r.machine];
      const o = r.oracle;
      const withOracle = o.withExpectation.length + Object.keys(o.withReason).length;
      return `<tr><td><a href="${pageName(r.machine)}">${esc(r.machine)}</a>${named.includes(r.machine) ? ' ★' : ''}</td>
<td>${r.states.covered}/${r.states.total}</td><td>${r.transitions.covered}/${r.transitions.total}</td><td>${r.paths.length}</td>
<td class="${withOracle === o.total ? 'ok' : 'bad'}">${withOracle}/${o.total}</td><td>${o.withView.length}</td>
<td class="${m ? (m.killed / m.total >= 0.9 ? 'ok' : 'bad') : ''}">${m ? `${m.killed}/${m.total}` : '—'}</td></tr>`;
    })
    .join('\n');
  return page(
    'Portón: caminos de las máquinas',
    `<h1>Caminos generados de cada máquina</h1>
<p>Generado ${esc(generated)} con <code>npm run paths</code>. ★ flujo nombrado: todos sus estados con una expectativa del spec
(o una razón escrita) y al menos 90% de mutantes muertos. Los caminos como casos de prueba: <a href="../paths.csv">paths.csv</a>.</p>
${problems.length ? `<ul>${problems.map((p) => `<li class="bad">${esc(p)}</li>`).join('')}</ul>` : '<p class="ok">Todo flujo nombrado cumple el objetivo.</p>'}
<div class="scroll"><table><tr><th>máquina</th><th>estados alcanzados</th><th>transiciones alcanzadas</th><th>caminos</th>
<th>estados con expectativa (o razón)</th><th>estados comprobados en pantalla</th><th>mutantes muertos</th></tr>${rows}</table></div>`,
  );
}

/** One machine: its diagram (named guards), its states' oracles and reasons, its paths as numbered steps. */
export function machineHtml(r: MachineReport, mutants: MutantScore | undefined): string {
  const o = r.oracle;
  return page(
    `Portón: ${r.machine}`,
    `<p><a href="index.html">← índice</a></p><h1>${esc(r.machine)}</h1>
<p>${r.states.covered}/${r.states.total} estados y ${r.transitions.covered}/${r.transitions.total} transiciones alcanzados por ${r.paths.length} caminos.
${r.children.length ? `Invoca: ${r.children.map(esc).join(', ')}.` : ''}</p>
${r.states.missing.length ? `<p class="bad">Estados sin camino: ${esc(r.states.missing.join(', '))}</p>` : ''}
${r.transitions.missing.length ? `<p class="bad">Transiciones sin camino: ${esc(r.transitions.missing.join('; '))}</p>` : ''}
<pre class="mermaid">${esc(r.diagram)}</pre>
<h2>Expectativas por estado</h2>
<p>${o.withExpectation.length} con expectativa, ${Object.keys(o.withReason).length} con razón escrita, ${o.missing.length} sin nada.</p>
<ul>${Object.entries(o.withReason)
      .map(([s, why]) => `<li class="why"><b>${esc(s)}</b>: ${esc(why)}</li>`)
      .join('')}${o.missing.map((s) => `<li class="bad">${esc(s)}: sin expectativa ni razón</li>`).join('')}</ul>
${
  mutants
    ? `<h2>Mutantes</h2><p>${mutants.killed}/${mutants.total} muertos.</p>${
        mutants.survivors.length
          ? `<ul>${mutants.survivors.map((s) => `<li><b>${esc(s.id)}</b>: ${esc(s.reason)}</li>`).join('')}</ul>`
          : ''
      }`
    : ''
}
<h2>Caminos</h2>
${r.paths
  .map(
    (p, i) =>
      `<article><h3>${i + 1}. ${esc(p.start)}</h3><ol>${p.steps
        .map(
          (s) =>
            `<li>${esc(s.words)} → <b>${esc(stateInWords(s.state))}</b>${
              s.expectations.length
                ? `<ul>${s.expectations.map((e) => `<li class="says">${esc(e)}</li>`).join('')}</ul>`
                : ''
            }</li>`,
        )
        .join('')}</ol></article>`,
  )
  .join('\n')}`,
    true,
  );
}

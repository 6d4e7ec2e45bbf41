/** The QA report as one HTML page that opens offline: Mermaid is copied next to it from node_modules. */
import type { MachineReport } from './report.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function htmlOf(reports: MachineReport[], generated: string): string {
  const rows = reports
    .map(
      (r) => `<tr><td><a href="#${r.machine}">${r.machine}</a></td><td>${r.states.covered}/${r.states.total}</td>
    <td>${r.transitions.covered}/${r.transitions.total}</td><td>${r.paths.length}</td><td>${r.checkedStates}</td></tr>`,
    )
    .join('\n');
  const sections = reports
    .map(
      (r) => `
<section id="${r.machine}">
  <h2>${r.machine}</h2>
  <p>${r.states.total} estados, ${r.transitions.total} transiciones, ${r.paths.length} caminos;
     cubiertos ${r.states.covered}/${r.states.total} estados y ${r.transitions.covered}/${r.transitions.total} transiciones.
     ${r.children.length ? `Invoca: ${r.children.map((c) => (reports.some((o) => o.machine === c) ? `<a href="#${c}">${c}</a>` : esc(c))).join(', ')}.` : ''}</p>
  ${r.states.missing.length ? `<p class="bad">Estados sin camino: ${esc(r.states.missing.join(', '))}</p>` : ''}
  ${r.transitions.missing.length ? `<p class="bad">Transiciones sin camino: ${esc(r.transitions.missing.join('; '))}</p>` : ''}
  <pre class="mermaid">${esc(r.diagram)}</pre>
  <details><summary>Caminos (${r.paths.length})</summary>
  ${r.paths
    .map(
      (p, i) =>
        `<article><h3>${i + 1}. ${esc(p.start)}</h3><ol>${p.steps
          .map(
            (s) =>
              `<li>${esc(s.words)} → <code>${esc(s.state)}</code>${
                s.expectations.length
                  ? `<ul>${s.expectations.map((e) => `<li class="says">${esc(e)}</li>`).join('')}</ul>`
                  : ''
              }</li>`,
          )
          .join('')}</ol></article>`,
    )
    .join('\n')}
  </details>
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><title>Portón: caminos de las máquinas</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1100px;color:#1a202c;padding:0 1rem}
table{border-collapse:collapse}td,th{border:1px solid #cbd5e0;padding:.3rem .6rem;text-align:left}
section{border-top:2px solid #319795;margin-top:2rem}.bad{color:#c53030;font-weight:600}
.says{color:#2c7a7b;list-style:'✓ '}code{background:#edf2f7;padding:0 .2rem}pre.mermaid{background:#f7fafc;padding:1rem;overflow:auto}
article h3{font-size:1rem;margin:.8rem 0 .2rem}
</style></head><body>
<h1>Caminos generados de cada máquina</h1>
<p>Generado ${esc(generated)} con <code>npm run paths</code>. Cada camino es una secuencia de pasos en palabras; bajo cada estado,
lo que el spec dice que se cumple ahí (se comprueba en la prueba de la máquina y en la de la pantalla).</p>
<table><tr><th>máquina</th><th>estados</th><th>transiciones</th><th>caminos</th><th>estados con expectativas del spec</th></tr>${rows}</table>
${sections}
<script src="mermaid.min.js"></script>
<script>mermaid.initialize({ startOnLoad: true, securityLevel: 'strict', flowchart: { useMaxWidth: true } });</script>
</body></html>`;
}

/**
 * The report filter machine's model ('Reportes', 'Falta una fecha' and no future
 * dates, the report calls, 'Ha ocurrido un error'). The results list is a recorded child
 * (its own model tests the list); the download child is a recorder of its inputs, and what it
 * reports (headers, progress, saved, failed) are events of the path.
 */
import { fromCallback, type AnyStateMachine, type ContextFrom } from 'xstate';
import { reportFilterMachine, type ReportFilters } from '../../../machines/reports/report-filter.machine.js';
import type { ActorProbe, Expectation, ModelSpec } from '../../support/model-paths.js';
import type { ViewProbe as ScreenProbe } from '../../support/view-paths.js';

/** The downloads the machine started, with their filters (the recorder below). */
export const downloads: { filters: ReportFilters }[] = [];

export const TODAY = '2026-03-15';
export const VISIT_FIELDS = [
  'timeInFilter',
  'timeInEndFilter',
  'timeOutFilter',
  'timeOutEndFilter',
  'nameFilter',
  'residentFilter',
  'vehicleFilter',
  'idGateArrival',
];
export const VISIT_RANGES = [
  ['timeInFilter', 'timeInEndFilter'],
  ['timeOutFilter', 'timeOutEndFilter'],
] as const;
export const GATES = { idGateArrival: [{ value: 'g1', label: 'Caseta principal' }] };

/** The values a person types in the model's paths: one start and end each, a future end, an inverted start, a name. */
export const EDITS: Record<string, string[]> = {
  timeInFilter: ['2026-03-01', '2026-03-12'],
  timeInEndFilter: ['2026-03-10', '2026-03-16'],
  nameFilter: [' José '],
};

const machine = reportFilterMachine.provide({
  actors: {
    downloadReport: fromCallback(({ input }) => {
      downloads.push(input as { filters: ReportFilters });
    }),
  },
});

const editsOf = (draft: ReportFilters) =>
  Object.entries(EDITS)
    .filter(([name]) => draft[name] === '')
    .flatMap(([name, values]) => values.map((value) => ({ type: 'filter.edit', name, value })));
const onlyName = (d: ReportFilters) => Object.entries(d).every(([k, v]) => k === 'nameFilter' || v === '');

export const reportFilterModel: ModelSpec = {
  name: 'reportFilter',
  machine,
  inputs: [{ name: 'reporte de visitas', input: { today: TODAY, fields: VISIT_FIELDS, ranges: VISIT_RANGES } }],
  recordedChildren: ['list'],
  key: (s) => ({
    draft: s.context.draft,
    shownName: s.context.applied.nameFilter !== '',
    shownRange: s.context.applied.timeInFilter !== '',
    receiving: s.context.received > 0,
  }),
  events: (s) => {
    const v = s.value as { options: string; filters: string; export: string | { running: string } };
    if (v.options === 'loading') {
      return [
        { type: 'xstate.done.actor.options', output: GATES },
        { type: 'xstate.error.actor.options', error: { kind: 'network' } },
      ];
    }
    if (v.options === 'unavailable') return [];
    const draft = s.context.draft as ReportFilters;
    const shown = JSON.stringify(draft) === JSON.stringify(s.context.applied);
    if (typeof v.export === 'object') {
      const events: { type: string; [k: string]: unknown }[] = [
        { type: 'export.saved', fileName: 'reporte_visitas.xlsx' },
        {
          type: 'export.failed',
          error: {
            kind: 'http',
            status: 400,
            body: { error: 'invalid_request', error_description: 'Falta una fecha' },
          },
        },
      ];
      if (v.export.running === 'exporting') events.push({ type: 'export.headers' });
      else if (s.context.received === 0) events.push({ type: 'export.progress', received: 65_536 });
      return events;
    }
    if (v.export === 'done' || v.export === 'failed') return [{ type: 'dialog.close' }];
    if (v.filters === 'invalid') return [{ type: 'alert.close' }];
    return [
      ...editsOf(draft),
      { type: 'filters.apply' },
      ...(Object.values(draft).some((x) => x !== '') ? [{ type: 'filters.clear' }] : []),
      ...(shown && onlyName(draft) ? [{ type: 'export.start' }] : []),
    ];
  },
};

/* ---------------------------------------------------------------------------------------------
 * What the spec says, written from the spec: the oracle rebuilds the form
 * from the person's events and judges ranges by the spec's words, not by the machine's rule.
 * ------------------------------------------------------------------------------------------- */
type Probe = ActorProbe;
/** The screen's probe: the rendered screen plus what the fake API saw (the table's last query, the export's URL, the saved files). */
type ViewProbe = ScreenProbe<ContextFrom<AnyStateMachine>> & {
  asked: () => Record<string, string> | undefined;
  exportUrl: () => string | undefined;
  saved: () => string[];
};
const fail = (message: string) => {
  throw new Error(message);
};

/** The form after the person's events: typed values, emptied by 'Limpiar'. */
function formAfter(events: Probe['events']): ReportFilters {
  let form: ReportFilters = Object.fromEntries(VISIT_FIELDS.map((f) => [f, '']));
  for (const e of events) {
    if (e.type === 'filter.edit') form = { ...form, [e.name]: e.value };
    if (e.type === 'filters.clear') form = Object.fromEntries(VISIT_FIELDS.map((f) => [f, '']));
  }
  return form;
}
/** The date rules in their own words: both ends or none, no date after today, the start not after the end. */
function rangeProblem(form: ReportFilters): string | null {
  for (const [from, to] of VISIT_RANGES) {
    const a = form[from].trim();
    const b = form[to].trim();
    if ((a === '') !== (b === '')) return 'Falta una fecha';
    if (a > TODAY || b > TODAY) return 'No se permiten fechas futuras.';
    if (a && b && a > b) return 'La fecha inicial no puede ser posterior a la fecha final.';
  }
  return null;
}
/** The filters of the last search that passed: what the table shows (and what the export takes). */
function shownFilters(events: Probe['events']): ReportFilters {
  let shown: ReportFilters = Object.fromEntries(VISIT_FIELDS.map((f) => [f, '']));
  events.forEach((e, i) => {
    if (e.type !== 'filters.apply' && e.type !== 'filters.clear') return;
    const form = formAfter(events.slice(0, i + 1));
    if (!rangeProblem(form)) shown = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()]));
  });
  return shown;
}
const searches = (p: Probe) => p.calls.filter((c) => c.src === 'list' && c.input?.type === 'filters.set');

const filtersSays: Record<string, Expectation[]> = {
  editing: [
    {
      says: 'La tabla muestra la consulta de los últimos filtros válidos: al buscar, la lista pide la página 1 con exactamente los filtros escritos (sin espacios sobrantes)',
      actor: (p: Probe) => {
        const applies = p.events.filter((e) => e.type === 'filters.apply' || e.type === 'filters.clear');
        const valid = applies.filter((_, n) => {
          const i = p.events.indexOf(applies[n]);
          return !rangeProblem(formAfter(p.events.slice(0, i + 1)));
        });
        if (searches(p).length !== valid.length)
          fail(`se consultó ${searches(p).length} veces y hubo ${valid.length} búsquedas válidas`);
        const last = searches(p).at(-1);
        if (last && JSON.stringify(last.input.filters) !== JSON.stringify(shownFilters(p.events))) {
          fail(`la lista recibió ${JSON.stringify(last.input.filters)}`);
        }
      },
      view: (p: ViewProbe) => {
        const asked = p.asked() ?? fail('la tabla no se pidió');
        const expected = Object.fromEntries(Object.entries(shownFilters(p.events)).filter(([, v]) => v !== ''));
        if (JSON.stringify(asked) !== JSON.stringify(expected))
          fail(`la tabla se pidió con ${JSON.stringify(asked)} y debía ser ${JSON.stringify(expected)}`);
      },
    },
  ],
  invalid: [
    {
      says: "Un rango con una sola fecha alerta 'Falta una fecha'; una fecha futura o un rango invertido se rechazan; nada se consulta",
      actor: (p: Probe) => {
        const expected = rangeProblem(formAfter(p.events)) ?? fail('el formulario es válido y se rechazó');
        if (p.snapshot.context.alert !== expected)
          fail(`la alerta dice '${p.snapshot.context.alert}' y debía decir '${expected}'`);
        const last = searches(p).at(-1)?.input.filters;
        if (last && JSON.stringify(last) === JSON.stringify(formAfter(p.events)))
          fail('se consultó con el rango inválido');
      },
      view: (p: ViewProbe) => {
        const expected = rangeProblem(formAfter(p.events)) ?? fail('el formulario es válido y se rechazó');
        const dialog = p.screen.getAllByRole('alertdialog', { hidden: true }).at(-1)!;
        if (!dialog.textContent?.includes(expected)) fail(`la alerta dice '${dialog.textContent}'`);
      },
    },
  ],
};

const exportSays: Record<string, Expectation[]> = {
  running: [
    {
      says: "'Exportar a Excel' pide el libro con los filtros de la tabla que se ve",
      actor: (p: Probe) => {
        const asked = downloads.at(-1) ?? fail('no se pidió el libro');
        if (JSON.stringify(asked.filters) !== JSON.stringify(shownFilters(p.events)))
          fail(`se exportó con ${JSON.stringify(asked.filters)}`);
      },
      view: (p: ViewProbe) => {
        const url = p.exportUrl() ?? fail('no se pidió el libro');
        const sent = Object.fromEntries(new URL(url, 'http://x').searchParams);
        const expected = Object.fromEntries(Object.entries(shownFilters(p.events)).filter(([, v]) => v !== ''));
        if (JSON.stringify(sent) !== JSON.stringify(expected)) fail(`se pidió ${url}`);
        if (!p.screen.getByRole('progressbar')) fail('no hay progreso');
      },
    },
  ],
  downloading: [
    {
      says: 'Mientras se descarga se muestra cuánto ha llegado',
      actor: (p: Probe) => {
        const progress = [...p.events].reverse().find((e) => e.type === 'export.progress');
        if (p.snapshot.context.received !== (progress?.received ?? 0))
          fail(`muestra ${p.snapshot.context.received} bytes`);
      },
      view: (p: ViewProbe) => {
        const progress = [...p.events].reverse().find((e) => e.type === 'export.progress');
        const text = `Descargando el reporte: ${progress ? '64 KB' : '0 B'}`;
        if (!p.screen.queryByText(text)) fail(`no se lee '${text}'`);
      },
    },
  ],
  done: [
    {
      says: 'Al terminar, el archivo guardado es reporte_visitas.xlsx',
      actor: (p: Probe) => {
        if (p.snapshot.context.savedFile !== 'reporte_visitas.xlsx') fail(`guardó '${p.snapshot.context.savedFile}'`);
      },
      view: (p: ViewProbe) => {
        if (p.saved().at(-1) !== 'reporte_visitas.xlsx') fail(`se guardó ${String(p.saved().at(-1))}`);
        if (!p.screen.queryByText('Se descargó reporte_visitas.xlsx.')) fail('no se avisa la descarga');
      },
    },
  ],
  failed: [
    {
      says: "Si falla, el diálogo 'Ha ocurrido un error' muestra el texto del servidor",
      actor: (p: Probe) => {
        if (p.snapshot.context.exportError !== 'Falta una fecha') fail(`muestra '${p.snapshot.context.exportError}'`);
      },
      view: (p: ViewProbe) => {
        const dialog = p.screen.getAllByRole('alertdialog', { hidden: true }).at(-1)!;
        if (!dialog.textContent?.includes('Ha ocurrido un error') || !dialog.textContent.includes('Falta una fecha'))
          fail(`el diálogo dice '${dialog.textContent}'`);
      },
    },
  ],
};

const optionsSays: Record<string, Expectation[]> = {
  ready: [
    {
      says: 'La puerta de entrada se elige del catálogo de puertas',
      actor: (p: Probe) => {
        if (JSON.stringify(p.snapshot.context.options) !== JSON.stringify(GATES))
          fail('las opciones no son las del catálogo');
      },
      view: (p: ViewProbe) => {
        if (!p.screen.queryByRole('option', { name: 'Caseta principal', hidden: true })) fail('la puerta no se ofrece');
      },
    },
  ],
};

/** Every combination of the three regions' states, with what each region's state says. */
const expectations: Record<string, Expectation[]> = {};
for (const options of ['loading', 'ready', 'unavailable']) {
  for (const filters of ['editing', 'invalid']) {
    for (const exp of ['idle', { running: 'exporting' }, { running: 'downloading' }, 'done', 'failed'] as const) {
      const key = JSON.stringify({ options, filters, export: exp });
      expectations[key] = [
        ...(optionsSays[options] ?? []),
        ...(filtersSays[filters] ?? []),
        ...(typeof exp === 'object'
          ? [...exportSays.running, ...(exportSays[exp.running] ?? [])]
          : (exportSays[exp] ?? [])),
      ];
    }
  }
}
reportFilterModel.expectations = expectations;
reportFilterModel.describeEvent = (e) =>
  (
    ({
      'filter.edit': `escribe '${e.value}' en ${e.name}`,
      'filters.apply': 'pulsa Buscar',
      'filters.clear': 'pulsa Limpiar',
      'alert.close': 'cierra la alerta',
      'export.start': "pulsa 'Exportar a Excel'",
      'export.headers': 'el servidor empieza a enviar el libro',
      'export.progress': `llegan ${e.received} bytes`,
      'export.saved': `se guarda ${e.fileName}`,
      'export.failed': 'la exportación falla',
      'dialog.close': 'cierra el diálogo',
      'xstate.done.actor.options': 'llegan las puertas',
      'xstate.error.actor.options': 'no llegan las puertas',
    }) as Record<string, string>
  )[e.type] ?? e.type;

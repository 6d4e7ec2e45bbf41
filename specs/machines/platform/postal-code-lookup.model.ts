import type { AnyEventObject } from 'xstate';
import { postalCodeLookupMachine } from '../../../machines/platform/postal-code-lookup.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

export const colonies01000 = [
  { idAddress: 1, uuid: 'a1', colony: 'San Ángel', state: 'Ciudad de México', location: 'Álvaro Obregón' },
];

/** The postal-code lookup every address form spawns ('Código postal', a failed lookup is only logged). */
export const postalCodeLookupModel: ModelSpec<typeof postalCodeLookupMachine> = {
  name: 'postalCodeLookup',
  // Standing alone it has no form to tell: its reports are recorded by the test (`report`).
  machine: postalCodeLookupMachine.provide({ actions: { report: () => {} } }),
  inputs: [{ name: 'a form with an address', input: undefined }],
  events: (s) => {
    const typing = [
      { type: 'cp.change', value: '01000' },
      { type: 'cp.change', value: '0100' },
      { type: 'cp.change', value: ' 76090 ' },
    ];
    if (s.value === 'lookingUp')
      return [
        { type: 'xstate.done.actor.lookup', output: colonies01000 },
        { type: 'xstate.error.actor.lookup', error: { kind: 'network' } },
        ...typing,
      ];
    return typing;
  },
};

type Report = AnyEventObject;
type Probe = ActorProbe<typeof postalCodeLookupMachine>;
/** The reports the lookup made in the running test (its `report` action, recorded). */
export const reports: Report[] = [];
const fail = (message: string) => {
  throw new Error(message);
};
const lastCode = (p: Probe) => String([...p.events].reverse().find((e) => e.type === 'cp.change')?.value ?? '').trim();
postalCodeLookupModel.expectations = {
  '"lookingUp"': [
    {
      says: 'Un código postal de cinco dígitos (sin espacios) se busca con GET api/addresses/{cp}',
      actor: (p) => {
        const call = p.calls.filter((c) => c.src === 'lookupAddresses').at(-1) ?? fail('no se buscó');
        if (call.input.cp !== lastCode(p)) fail(`se buscó '${call.input.cp}'`);
      },
    },
  ],
  '"idle"': [
    {
      says: 'Solo la respuesta del último código completo se informa al formulario; un código incompleto no busca nada',
      actor: (p) => {
        const last = p.events.at(-1);
        if (last?.type === 'cp.change' && /^\d{5}$/.test(String(last.value).trim()))
          fail('un código completo no inició la búsqueda');
        const answers = p.events.filter((e) => e.type.startsWith('xstate.')).length;
        if (reports.length !== answers) fail(`se informaron ${reports.length} respuestas, no ${answers}`);
        const report = reports.at(-1);
        if (
          last?.type === 'xstate.done.actor.lookup' &&
          (report?.type !== 'postalCode.found' || report.cp !== lastCode(p) || report.addresses !== last.output)
        )
          fail(`informó ${JSON.stringify(report)}`);
        if (
          last?.type === 'xstate.error.actor.lookup' &&
          (report?.type !== 'postalCode.failed' || report.cp !== lastCode(p))
        )
          fail(`informó ${JSON.stringify(report)}`);
      },
    },
  ],
};
postalCodeLookupModel.describeEvent = (e) =>
  (
    ({
      'cp.change': `el formulario avisa el código '${e.value}'`,
      'xstate.done.actor.lookup': 'el servidor responde las colonias',
      'xstate.error.actor.lookup': 'la búsqueda falla',
    }) as Record<string, string>
  )[e.type] ?? e.type;

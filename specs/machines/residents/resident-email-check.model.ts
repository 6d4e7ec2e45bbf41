import type { AnyEventObject } from 'xstate';
import { residentEmailCheckMachine } from '../../../machines/residents/resident-email-check.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

/** `POST api/residents/validateEmail/` answers as the server gives them (docs/decisions.md, Residents). */
export const emailAnswers = {
  available: { Success: true, Message: '', Data: { residentStatus: 'AVAILABLE' } },
  taken: { Success: false, Message: 'Correo ya existente.', Data: { residentStatus: 'TAKEN' } },
  deleted: {
    Success: true,
    Message: 'El correo pertenece a un residente eliminado. ¿Deseas reactivarlo?',
    Data: { residentStatus: 'DELETED' },
  },
};
const EDITED = '00000000-0000-4000-8000-00000000e001';

/** The resident email check the resident form spawns (checked with the server on blur). */
export const residentEmailCheckModel: ModelSpec<typeof residentEmailCheckMachine> = {
  name: 'residentEmailCheck',
  // Standing alone it has no form to tell: its reports are recorded by the test (`report`).
  machine: residentEmailCheckMachine.provide({ actions: { report: () => {} } }),
  inputs: [{ name: 'the resident form', input: undefined }],
  events: (s) => {
    const blurs = [
      { type: 'email.check', email: 'ana@correo.mx', residentUuid: null },
      { type: 'email.check', email: 'ana@correo.mx', residentUuid: EDITED },
      // A person leaves the field again with another email before the answer.
      ...(s.value === 'checking' ? [{ type: 'email.check', email: 'otra@correo.mx', residentUuid: null }] : []),
    ];
    if (s.value !== 'checking') return blurs;
    return [
      { type: 'xstate.done.actor.validate', output: emailAnswers.available },
      { type: 'xstate.done.actor.validate', output: emailAnswers.taken },
      { type: 'xstate.done.actor.validate', output: emailAnswers.deleted },
      { type: 'xstate.error.actor.validate', error: { kind: 'network' } },
      ...blurs,
    ];
  },
  key: (s) => ({ email: s.context.email, residentUuid: s.context.residentUuid }),
};

type Report = AnyEventObject;
type Probe = ActorProbe<typeof residentEmailCheckMachine>;
/** The reports the check made in the running test (its `report` action, recorded). */
export const emailReports: Report[] = [];
const fail = (message: string) => {
  throw new Error(message);
};
const lastCheck = (p: Probe) => [...p.events].reverse().find((e) => e.type === 'email.check')!;
const expected = (p: Probe, answer: Report): string => {
  if (answer.type.startsWith('xstate.error')) return 'email.failed';
  const status = answer.output.Data.residentStatus;
  if (status === 'TAKEN') return 'email.taken';
  // A deleted owner is offered for reactivation only outside edit mode.
  if (status === 'DELETED' && lastCheck(p).residentUuid === null) return 'email.deleted';
  return 'email.free';
};
residentEmailCheckModel.expectations = {
  '"checking"': [
    {
      says: 'El correo que deja el campo se valida con POST api/residents/validateEmail/, con el residente que se edita en modo edición',
      actor: (p) => {
        const call = p.calls.filter((c) => c.src === 'validateEmail').at(-1) ?? fail('no se validó');
        const last = lastCheck(p);
        if (call.input.email !== last.email || call.input.residentUuid !== last.residentUuid)
          fail(`se validó ${JSON.stringify(call.input)}`);
      },
    },
  ],
  '"idle"': [
    {
      says: "Solo la respuesta del último correo se informa: libre, 'Correo ya existente.', de un residente eliminado (fuera de edición) o fallida",
      actor: (p) => {
        const answers = p.events.filter((e) => e.type.startsWith('xstate.'));
        if (emailReports.length !== answers.length)
          fail(`se informaron ${emailReports.length} respuestas, no ${answers.length}`);
        const last = p.events.at(-1);
        if (!last?.type.startsWith('xstate.')) return;
        const report = emailReports.at(-1)!;
        if (report.type !== expected(p, last) || report.email !== lastCheck(p).email)
          fail(`informó ${JSON.stringify(report)}`);
      },
    },
  ],
};
residentEmailCheckModel.describeEvent = (e) =>
  (
    ({
      'email.check': `el formulario avisa '${e.email}'${e.residentUuid ? ' (editando)' : ''}`,
      'xstate.done.actor.validate': `el servidor responde ${e.output?.Data?.residentStatus}`,
      'xstate.error.actor.validate': 'la validación falla',
    }) as Record<string, string>
  )[e.type] ?? e.type;

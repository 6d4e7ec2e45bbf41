import { zoneStreetPickerMachine } from '../../../machines/zone-street-picker.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

export const pickerZones = [
  { uuid: '00000000-0000-4000-8000-000000000001', idZone: 1, name: 'Zona Norte' },
  { uuid: '00000000-0000-4000-8000-000000000002', idZone: 2, name: 'Zona Sur' },
];
export const pickerStreets = [
  { uuid: '00000000-0000-4000-8000-0000000000a1', idStreet: 11, name: 'Calle Roble' },
  { uuid: '00000000-0000-4000-8000-0000000000a2', idStreet: 12, name: 'Calle Cedro' },
];
const failure = (id: string) => ({
  type: `xstate.error.actor.${id}`,
  error: { kind: 'http', status: 500, body: { error: 'server_error', error_description: 'Error interno del servidor' } },
});

export const zoneStreetPickerModel: ModelSpec = {
  name: 'zoneStreetPicker',
  machine: zoneStreetPickerMachine,
  inputs: [
    { name: 'street form', input: { withStreets: false, idZone: null } },
    { name: 'common area add', input: { withStreets: true, idZone: null } },
    { name: 'common area edit', input: { withStreets: true, idZone: 2 } },
  ],
  events: (s) => {
    const [north, south] = pickerZones;
    // A person can only pick a zone the selector lists, and picking the one shown changes nothing.
    const choose = (uuids: string[]) => uuids
      .filter((uuid) => uuid !== s.context.zoneUuid && (uuid === '' || s.context.zones.some((z: { uuid: string }) => z.uuid === uuid)))
      .map((uuid) => ({ type: 'zone.choose', uuid }));
    switch (s.value as string) {
      case 'loadingZones': return [{ type: 'xstate.done.actor.zones', output: pickerZones }, failure('zones')];
      case 'ready': return choose([north.uuid, '']);
      case 'loadingStreets': return [
        { type: 'xstate.done.actor.streets', output: pickerStreets }, failure('streets'),
        ...choose(s.context.zoneUuid === north.uuid ? [south.uuid, ''] : ['']),
      ];
      case 'failed': return [{ type: 'options.retry' }, ...choose([north.uuid, ''])];
      default: return [];
    }
  },
};

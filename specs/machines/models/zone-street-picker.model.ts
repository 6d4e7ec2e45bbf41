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
    switch (s.value as string) {
      case 'loadingZones': return [{ type: 'xstate.done.actor.zones', output: pickerZones }, failure('zones')];
      case 'ready': return [{ type: 'zone.choose', uuid: north.uuid }, { type: 'zone.choose', uuid: '' }];
      case 'loadingStreets': return [
        { type: 'xstate.done.actor.streets', output: pickerStreets }, failure('streets'),
        ...(s.context.zoneUuid === north.uuid ? [{ type: 'zone.choose', uuid: south.uuid }] : []),
        { type: 'zone.choose', uuid: '' },
      ];
      case 'failed': return [{ type: 'options.retry' }, { type: 'zone.choose', uuid: north.uuid }];
      default: return [];
    }
  },
};

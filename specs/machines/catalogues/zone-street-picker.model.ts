import { zoneStreetPickerMachine } from '../../../machines/catalogues/zone-street-picker.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

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
  error: {
    kind: 'http',
    status: 500,
    body: { error: 'server_error', error_description: 'Error interno del servidor' },
  },
});

export const zoneStreetPickerModel: ModelSpec<typeof zoneStreetPickerMachine> = {
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
    const choose = (uuids: string[]) =>
      uuids
        .filter(
          (uuid) =>
            uuid !== s.context.zoneUuid &&
            (uuid === '' || s.context.zones.some((z: { uuid: string }) => z.uuid === uuid)),
        )
        .map((uuid) => ({ type: 'zone.choose', uuid }));
    switch (s.value as string) {
      case 'loadingZones':
        return [{ type: 'xstate.done.actor.zones', output: pickerZones }, failure('zones')];
      case 'ready':
        return choose([north.uuid, '']);
      case 'loadingStreets':
        return [
          { type: 'xstate.done.actor.streets', output: pickerStreets },
          failure('streets'),
          ...choose(s.context.zoneUuid === north.uuid ? [south.uuid, ''] : ['']),
        ];
      case 'failed':
        return [{ type: 'options.retry' }, ...choose([north.uuid, ''])];
      default:
        return [];
    }
  },
};

/* What the specification says holds: the Calles and Áreas comunes modals, zone then street, api/zones/getAll and api/streets/zones/{zoneUuid}. */
type Probe = ActorProbe<typeof zoneStreetPickerMachine>;
const fail = (message: string) => {
  throw new Error(message);
};
const lastChosen = (p: Probe) => [...p.events].reverse().find((e) => e.type === 'zone.choose')?.uuid;
zoneStreetPickerModel.expectations = {
  '"ready"': [
    {
      says: 'Zona lista las zonas de la comunidad; la elegida es la última que eligió la persona (o la del área común que se edita)',
      actor: (p) => {
        const { zones, zoneUuid } = p.snapshot.context;
        if (zones.length !== pickerZones.length) fail('faltan zonas');
        const chosen = lastChosen(p);
        if (chosen !== undefined && zoneUuid !== chosen) fail(`muestra ${zoneUuid}`);
      },
    },
    {
      says: 'Calle lista solo las calles de la zona elegida; sin zona, ninguna; el modal de calles nunca pide calles',
      actor: (p) => {
        const { streets, zoneUuid, withStreets } = p.snapshot.context;
        const asked = p.calls.filter((c) => c.src === 'loadStreets');
        if (!withStreets && asked.length) fail('el modal de calles pidió calles');
        if (zoneUuid === '' && streets.length) fail('hay calles sin zona');
        if (withStreets && zoneUuid !== '') {
          const last = asked.at(-1) ?? fail('no se pidieron las calles');
          if (last.input.zoneUuid !== zoneUuid) fail(`se pidieron las calles de ${last.input.zoneUuid}`);
          if (last.outcome === 'done' && streets.length !== pickerStreets.length) fail('no se muestran las calles');
        }
      },
    },
  ],
  '"loadingStreets"': [
    {
      says: 'Elegir una zona pide sus calles por el uuid de la zona',
      actor: (p) => {
        const last = p.calls.filter((c) => c.src === 'loadStreets').at(-1) ?? fail('no se pidieron');
        if (last.input.zoneUuid !== p.snapshot.context.zoneUuid) fail(`pidió ${last.input.zoneUuid}`);
        if (p.snapshot.context.streets.length) fail('siguen las calles de otra zona');
      },
    },
  ],
  '"failed"': [
    {
      says: 'Si zonas o calles no cargan, el mensaje del servidor se muestra junto a los selectores',
      actor: (p) => {
        if (p.snapshot.context.error !== 'Error interno del servidor') fail(`dice '${p.snapshot.context.error}'`);
      },
    },
  ],
};
zoneStreetPickerModel.describeEvent = (e) =>
  (
    ({
      'zone.choose':
        e.uuid === '' ? 'deja Zona sin elegir' : `elige ${pickerZones.find((z) => z.uuid === e.uuid)?.name}`,
      'options.retry': 'pulsa Reintentar',
      'xstate.done.actor.zones': 'el servidor responde las zonas',
      'xstate.error.actor.zones': 'las zonas no cargan',
      'xstate.done.actor.streets': 'el servidor responde las calles',
      'xstate.error.actor.streets': 'las calles no cargan',
    }) as Record<string, string>
  )[e.type] ?? e.type;

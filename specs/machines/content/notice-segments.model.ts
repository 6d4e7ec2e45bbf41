import { noticeSegmentsMachine } from '../../../machines/content/notice-segments.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

export const segmentZones = [
  { uuid: '00000000-0000-4000-8000-000000000b01', idZone: 1, name: 'Zona Norte' },
  { uuid: '00000000-0000-4000-8000-000000000b02', idZone: 2, name: 'Zona Sur' },
];
export const segmentStreets = [
  { uuid: '00000000-0000-4000-8000-000000000c11', idStreet: 11, name: 'Calle Roble' },
  { uuid: '00000000-0000-4000-8000-000000000c12', idStreet: 12, name: 'Calle Cedro' },
];
export const segmentResidents = [
  { uuid: '00000000-0000-4000-8000-000000000d21', idResident: 21, firstName: 'Rosa', lastName: 'Martínez Cruz' },
  { uuid: '00000000-0000-4000-8000-000000000d22', idResident: 22, firstName: 'Jorge', lastName: 'Sánchez Ortiz' },
];
const failure = (id: string) => ({
  type: `xstate.error.actor.${id}`,
  error: {
    kind: 'http',
    status: 500,
    body: { error: 'server_error', error_description: 'Error interno del servidor' },
  },
});
const [north, south] = segmentZones;
const [roble, cedro] = segmentStreets;

/**
 * The notice form's segmentation cascade ('Nuevo aviso': choosing a zone loads its
 * streets; choosing a street loads its residents): adding, and editing a notice for Zona Sur,
 * Calle Cedro.
 */
export const noticeSegmentsModel: ModelSpec<typeof noticeSegmentsMachine> = {
  name: 'noticeSegments',
  machine: noticeSegmentsMachine,
  inputs: [
    { name: 'aviso nuevo', input: { idZone: null, idStreet: null } },
    { name: 'aviso editado', input: { idZone: south.idZone, idStreet: cedro.idStreet } },
  ],
  key: (s) => {
    const c = s.context;
    return [
      c.zones.length,
      c.streets.length,
      c.residents.length,
      c.zoneUuid,
      c.streetUuid,
      c.initialZone,
      c.initialStreet,
      c.error,
    ];
  },
  events: (s) => {
    const c = s.context;
    const zoneChoices = (ids: (number | '')[]) =>
      ids
        .filter((id) =>
          id === ''
            ? c.zoneUuid !== ''
            : c.zones.some((z: { idZone: number; uuid: string }) => z.idZone === id && z.uuid !== c.zoneUuid),
        )
        .map((idZone) => ({ type: 'zone.choose', idZone }));
    const streetChoices = (ids: (number | '')[]) =>
      ids
        .filter((id) =>
          id === ''
            ? c.streetUuid !== ''
            : c.streets.some((x: { idStreet: number; uuid: string }) => x.idStreet === id && x.uuid !== c.streetUuid),
        )
        .map((idStreet) => ({ type: 'street.choose', idStreet }));
    switch (s.value as string) {
      case 'loadingZones':
        return [{ type: 'xstate.done.actor.zones', output: segmentZones }, failure('zones')];
      case 'ready':
        return [...zoneChoices([north.idZone, '']), ...streetChoices([roble.idStreet, ''])];
      case 'loadingStreets':
        return [
          { type: 'xstate.done.actor.streets', output: segmentStreets },
          failure('streets'),
          ...zoneChoices(c.zoneUuid === north.uuid ? [south.idZone, ''] : []),
        ];
      case 'loadingResidents':
        return [
          { type: 'xstate.done.actor.residents', output: segmentResidents },
          failure('residents'),
          ...zoneChoices(c.zoneUuid === north.uuid ? [south.idZone, ''] : []),
          ...streetChoices(c.streetUuid === roble.uuid ? [cedro.idStreet, ''] : []),
        ];
      case 'failed':
        return [{ type: 'options.retry' }];
      default:
        return [];
    }
  },
};

type Probe = ActorProbe<typeof noticeSegmentsMachine>;
const fail = (message: string) => {
  throw new Error(message);
};
const uuidOfZone = (id: unknown) => segmentZones.find((z) => z.idZone === id)?.uuid ?? '';
const uuidOfStreet = (id: unknown) => segmentStreets.find((x) => x.idStreet === id)?.uuid ?? '';
/** The zone the person chose last, as a uuid. */
const chosenZone = (p: Probe) => uuidOfZone(p.events.findLast((e) => e.type === 'zone.choose')?.idZone);
/** The street the person chose last after its last zone ('' when a zone came after it). */
const chosenStreet = (p: Probe) => {
  const lastZone = p.events.findLastIndex((e) => e.type === 'zone.choose');
  const lastStreet = p.events.findLastIndex((e) => e.type === 'street.choose');
  return lastStreet > lastZone ? uuidOfStreet(p.events[lastStreet].idStreet) : '';
};

noticeSegmentsModel.expectations = {
  '"ready"': [
    {
      says: 'Calle ofrece solo las calles de la zona elegida y Residente solo los de la calle elegida; sin zona no hay calles, sin calle no hay residentes',
      actor: (p) => {
        const { zoneUuid, streetUuid, streets, residents } = p.snapshot.context;
        if (zoneUuid === '' && (streets.length || residents.length)) fail('hay calles o residentes sin zona');
        if (streetUuid === '' && residents.length) fail('hay residentes sin calle');
        const streetCall = p.calls
          .filter((c) => c.src === 'loadStreets')
          .filter((c) => c.outcome === 'done')
          .at(-1);
        if (streets.length && streetCall?.input.zoneUuid !== zoneUuid)
          fail(`las calles son de ${streetCall?.input.zoneUuid}`);
        const residentCall = p.calls
          .filter((c) => c.src === 'loadResidents')
          .filter((c) => c.outcome === 'done')
          .at(-1);
        if (residents.length && residentCall?.input.streetUuid !== streetUuid)
          fail(`los residentes son de ${residentCall?.input.streetUuid}`);
      },
    },
  ],
  '"loadingStreets"': [
    {
      says: 'Elegir una zona (o abrir un aviso de una zona) pide las calles de esa zona, y olvida calle y residentes anteriores',
      actor: (p) => {
        const last = p.calls.filter((c) => c.src === 'loadStreets').at(-1) ?? fail('no se pidieron las calles');
        const wanted = p.events.some((e) => e.type === 'zone.choose') ? chosenZone(p) : p.snapshot.context.zoneUuid;
        if (last.input.zoneUuid !== wanted || wanted === '') fail(`pidió las calles de ${last.input.zoneUuid}`);
        if (p.snapshot.context.residents.length || p.snapshot.context.streetUuid !== '')
          fail('quedaron la calle o los residentes anteriores');
      },
    },
  ],
  '"loadingResidents"': [
    {
      says: 'Elegir una calle (o abrir un aviso de una calle) pide sus residentes',
      actor: (p) => {
        const last = p.calls.filter((c) => c.src === 'loadResidents').at(-1) ?? fail('no se pidieron los residentes');
        if (last.input.streetUuid !== p.snapshot.context.streetUuid || last.input.streetUuid === '')
          fail(`pidió los residentes de ${last.input.streetUuid}`);
        if (p.events.some((e) => e.type === 'street.choose') && last.input.streetUuid !== chosenStreet(p))
          fail('no es la calle elegida');
      },
    },
  ],
  '"failed"': [
    {
      says: 'Si zonas, calles o residentes no cargan, el mensaje del servidor se muestra junto a los selectores',
      actor: (p) => {
        if (p.snapshot.context.error !== 'Error interno del servidor') fail(`dice '${p.snapshot.context.error}'`);
      },
    },
  ],
};
noticeSegmentsModel.describeEvent = (e) =>
  (
    ({
      'zone.choose':
        e.idZone === '' ? 'deja Zona sin elegir' : `elige ${segmentZones.find((z) => z.idZone === e.idZone)?.name}`,
      'street.choose':
        e.idStreet === ''
          ? 'deja Calle sin elegir'
          : `elige ${segmentStreets.find((x) => x.idStreet === e.idStreet)?.name}`,
      'options.retry': 'pulsa Reintentar',
      'xstate.done.actor.zones': 'llegan las zonas',
      'xstate.error.actor.zones': 'las zonas no cargan',
      'xstate.done.actor.streets': 'llegan las calles',
      'xstate.error.actor.streets': 'las calles no cargan',
      'xstate.done.actor.residents': 'llegan los residentes',
      'xstate.error.actor.residents': 'los residentes no cargan',
    }) as Record<string, string>
  )[e.type] ?? e.type;

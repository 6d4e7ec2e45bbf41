import { Spinner, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { deviceFormMachine } from '../../../../machines/devices/device-form.machine.js';
import { deviceFormValues, parentOptions } from '../../../../machines/devices/device-form-rules.js';
import { deviceLinkMachine, type DeviceLinkEvent } from '../../../../machines/devices/device-link.machine.js';
import { zoneStreetPickerMachine } from '../../../../machines/catalogues/zone-street-picker.machine.js';
import {
  deviceLocation,
  DeviceSearchLabel,
  deviceSearchFieldsFor,
  DeviceStatusLabel,
  DeviceTexts,
  DeviceTypeLabel,
  deviceTypesFor,
  DEVICE_STATUSES,
} from '../../../shared/devices/device-rules.js';
import type { DeviceInput } from '../../../shared/devices/device.schema.js';
import { devicesApi, type DeviceRow, type DevicesApi } from './devices.api.js';
import { FormDialog, type FormActor } from '../../platform/components/list/form-dialog.js';
import { ListScreen, type ListColumn } from '../../platform/components/list/list-screen.js';
import { listenToDevice } from './device-events.js';
import { listMemory } from '../../platform/session/list-memory.js';
import { useSessionUser } from '../session/session-context.js';
import { locationOptionsApi, type LocationOptionsApi } from '../catalogues/zone-street-fields.js';
import { DeviceFields, type DeviceFormValues } from './device-fields.js';
import { DeviceLinkActions, DeviceStatusCell } from './device-link-dialogs.js';

type Row = DeviceRow;
const memory = listMemory('devices');

const columns: ListColumn<Row>[] = [
  { header: 'Estado', cell: (r, child) => <DeviceStatusCell actor={child} status={r.status} /> },
  { header: 'Nombre', cell: (r) => r.name },
  { header: 'Tipo', cell: (r) => DeviceTypeLabel[r.deviceType] },
  {
    header: 'Ubicación',
    cell: (r) => (
      <Text whiteSpace="normal" minW="40">
        {deviceLocation(r)}
      </Text>
    ),
  },
];

/** What /qrcodes talks to; tests give fakes. */
export interface DevicesDeps {
  api: Pick<DevicesApi, 'list' | 'get' | 'create' | 'update' | 'remove' | 'parents' | 'issueCode' | 'unlink'>;
  events: typeof listenToDevice;
  locations: LocationOptionsApi;
  /** The link dialog's poll interval (the realtime event's fallback); tests that move the clock to a code's expiry lengthen it. */
  pollMs?: number;
}
const browserDeps: DevicesDeps = { api: devicesApi, events: listenToDevice, locations: locationOptionsApi };

/**
 * Dispositivos (/qrcodes): the list with its search options, status and type
 * filters, the live status of each device, the create/edit modal, and per row the link child
 * (link dialog with QR, unlink, delete only while INACTIVE).
 */
export function DevicesView({ deps = browserDeps }: { deps?: DevicesDeps }) {
  const user = useSessionUser();
  const club = user?.club === true;
  const communityUuid = user?.testFrac?.uuid ?? '';
  const link = useMemo(
    () =>
      deviceLinkMachine.provide({
        ...(deps.pollMs ? { delays: { poll: deps.pollMs } } : {}),
        actors: {
          issueCode: fromPromise(({ input }) => deps.api.issueCode(input.uuid)),
          readDevice: fromPromise(({ input }) => deps.api.get(input.uuid)),
          unlinkDevice: fromPromise(({ input }) => deps.api.unlink(input.uuid, input.deviceToken)),
          deviceEvents: fromCallback<DeviceLinkEvent, { uuid: string }>(({ input, sendBack }) =>
            deps.events(communityUuid, input.uuid, {
              onStatus: (e) =>
                sendBack({ type: 'device.status', status: e.status, online: e.online, lastSeenAt: e.lastSeenAt }),
              onLinked: () => sendBack({ type: 'device.linked' }),
            }),
          ),
        },
      }),
    [deps, communityUuid],
  );
  const form = useMemo(
    () =>
      deviceFormMachine.provide({
        actors: {
          loadForm: fromPromise(async ({ input }) => {
            const [device, parents] = await Promise.all([
              input.id ? deps.api.get(input.id) : null,
              deps.api.parents(input.id ?? communityUuid),
            ]);
            return {
              values: device ? deviceFormValues(device) : undefined,
              options: { parents: parentOptions(parents) },
              record: { idZone: device?.idZone ?? null },
            };
          }),
          saveRecord: fromPromise(({ input }) =>
            input.id
              ? deps.api.update(input.id, input.values as DeviceInput)
              : deps.api.create(input.values as DeviceInput),
          ),
          formPart: zoneStreetPickerMachine.provide({
            actors: {
              loadZones: fromPromise(() => deps.locations.zones()),
              loadStreets: fromPromise(({ input }) => deps.locations.streets(input.zoneUuid)),
            },
          }),
        },
      }),
    [deps, communityUuid],
  );
  if (!user) return <Spinner role="status" color="teal.600" aria-label="Cargando" />;

  return (
    <ListScreen<Row>
      title={DeviceTexts.title}
      tableCaption="Dispositivos del fraccionamiento"
      searchPlaceholder={DeviceTexts.search}
      memory={memory}
      columns={columns}
      rowChild={link}
      selectFilters={[
        {
          name: 'searchBy',
          label: 'Buscar por',
          all: DeviceSearchLabel.NAME,
          options: deviceSearchFieldsFor(club)
            .filter((f) => f !== 'NAME')
            .map((f) => ({ value: f, label: DeviceSearchLabel[f] })),
        },
        {
          name: 'status',
          label: 'Estado',
          all: 'Todos los estados',
          options: DEVICE_STATUSES.map((s) => ({ value: s, label: DeviceStatusLabel[s] })),
        },
        {
          name: 'deviceType',
          label: 'Tipo',
          all: 'Todos los tipos',
          options: deviceTypesFor(club).map((t) => ({ value: t, label: DeviceTypeLabel[t] })),
        },
      ]}
      loadPage={(q) =>
        deps.api.list({
          page: q.page,
          size: q.size,
          search: q.search,
          searchBy: String(q.searchBy ?? ''),
          status: String(q.status ?? ''),
          deviceType: String(q.deviceType ?? ''),
        })
      }
      // Delete goes through the row's link child, which offers it only while INACTIVE.
      deleteRow={(row) => deps.api.remove(row.uuid)}
      canDeleteRow={() => false}
      deletedText={() => DeviceTexts.deleted}
      deleteErrorTitle={DeviceTexts.errorTitle}
      rowName={(row) => row.name}
      addLabel={DeviceTexts.add}
      form={form}
      renderForm={(selected, actor) => (
        <FormDialog<DeviceFormValues>
          actor={actor as FormActor}
          title={selected ? DeviceTexts.edit : DeviceTexts.create}
          submitText={selected ? 'Actualizar' : 'Registrar'}
          errorTitle={DeviceTexts.errorTitle}
          successDetail={() => (selected ? DeviceTexts.updated : DeviceTexts.created)}
        >
          {(bindings) => <DeviceFields form={bindings} actor={actor} club={club} />}
        </FormDialog>
      )}
      rowActions={(_row, _act, child) => <DeviceLinkActions actor={child} />}
    />
  );
}

import { Alert, Button } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  zoneStreetPickerMachine,
  type StreetOption,
  type ZoneOption,
} from '../../../../machines/catalogues/zone-street-picker.machine.js';
import { streetsApi } from './streets.api.js';
import { zonesApi } from './zones.api.js';
import type { FormBindings } from '../../platform/components/list/form-dialog.js';
import { SelectField } from '../../platform/components/select-field.js';
import { inspected } from '../../inspector.js';

export interface LocationOptionsApi {
  zones: () => Promise<ZoneOption[]>;
  /** `GET api/streets/zones/{zoneUuid}`. */
  streets: (zoneUuid: string) => Promise<StreetOption[]>;
}
export const locationOptionsApi: LocationOptionsApi = {
  zones: () => zonesApi.all(),
  streets: (uuid) => streetsApi.byZone(uuid),
};

/** The form's zone and street (numbers, or '' when none is chosen); any form whose values hold them may bind them. */
type LocationValues = { idZone?: unknown; idStreet?: unknown };

/**
 * Zone selector, and street selector when `withStreets`: choosing a zone sets `idZone`, clears
 * the street and loads that zone's streets (the zoneStreetPicker machine does the loading).
 */
export function ZoneStreetFields<V extends LocationValues>({
  form,
  withStreets,
  api = locationOptionsApi,
}: {
  form: FormBindings<V>;
  withStreets: boolean;
  api?: LocationOptionsApi;
}) {
  const [state, send] = useMachine(
    zoneStreetPickerMachine.provide({
      actors: {
        loadZones: fromPromise(() => api.zones()),
        loadStreets: fromPromise(({ input }) => api.streets(input.zoneUuid)),
      },
    }),
    inspected({ input: { withStreets, idZone: form.values.idZone === '' ? null : Number(form.values.idZone) } }),
  );
  const { zones, streets, zoneUuid, error } = state.context;
  const loadingZones = state.matches('loadingZones');
  const loadingStreets = state.matches('loadingStreets');

  const chooseZone = (uuid: string) => {
    form.set('idZone', zones.find((z) => z.uuid === uuid)?.idZone ?? '');
    if (withStreets) form.set('idStreet', '');
    send({ type: 'zone.choose', uuid });
  };
  const noStreets = withStreets && state.matches('ready') && zoneUuid !== '' && streets.length === 0;

  return (
    <>
      <SelectField
        label="Zona"
        required
        value={zoneUuid}
        disabled={loadingZones}
        placeholder={loadingZones ? 'Cargando zonas…' : 'Selecciona una zona'}
        options={zones.map((z) => ({ value: z.uuid, label: z.name }))}
        helper={!loadingZones && zones.length === 0 && !error ? 'No hay zonas registradas.' : undefined}
        error={form.errors.idZone}
        onValue={chooseZone}
      />
      {withStreets ? (
        <SelectField
          label="Calle"
          required
          value={String(form.values.idStreet ?? '')}
          disabled={zoneUuid === '' || loadingStreets}
          placeholder={loadingStreets ? 'Cargando calles…' : 'Selecciona una calle'}
          options={streets.map((s) => ({ value: String(s.idStreet), label: s.name }))}
          helper={noStreets ? 'La zona no tiene calles registradas.' : undefined}
          error={form.errors.idStreet}
          onValue={(value) => form.set('idStreet', value === '' ? '' : Number(value))}
        />
      ) : null}
      {state.matches('failed') ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>No fue posible cargar las opciones</Alert.Title>
            <Alert.Description>{error}</Alert.Description>
          </Alert.Content>
          <Button size="xs" variant="outline" onClick={() => send({ type: 'options.retry' })}>
            Reintentar
          </Button>
        </Alert.Root>
      ) : null}
    </>
  );
}

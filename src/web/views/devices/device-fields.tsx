import { Checkbox, CheckboxGroup, Fieldset, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { zoneStreetPickerMachine } from '../../../../machines/catalogues/zone-street-picker.machine.js';
import {
  deviceFieldsShown,
  DeviceTexts,
  DeviceTypeLabel,
  deviceTypesFor,
  SCANNER_ACCESSES,
  SCANNER_PLACES,
  ScannerAccessLabel,
  ScannerPlaceLabel,
} from '../../../shared/devices/device-rules.js';
import type { FormBindings } from '../../platform/components/list/form-dialog.js';
import { SelectField } from '../../platform/components/select-field.js';
import { TextField } from '../../platform/components/text-field.js';

type Ref = { uuid: string } | null;
export type DeviceFormValues = {
  name: string;
  deviceType: string;
  scannerAccess: string;
  scannerPlace: string | null;
  parents: { uuid: string }[];
  zone: Ref;
  street: Ref;
  number: string;
};

/**
 * The device modal's fields: name and type; for a scanner its reading type, its
 * location sub-type, its parents (IN readers only), the zone, the street (not for ZONE) and the
 * house number (HOUSE). Which show is the shared rule; the form machine refuses the others.
 */
export function DeviceFields({
  form,
  actor,
  club,
}: {
  form: FormBindings<DeviceFormValues>;
  actor: AnyActorRef;
  club: boolean;
}) {
  const { values, errors, set } = form;
  const shown = deviceFieldsShown(values);
  const parentOptions = useSelector(
    actor,
    (s) => (s.context.options?.parents ?? []) as { value: string; label: string }[],
  );
  const picker = useSelector(actor, (s) => s.children.picker) as
    | ActorRefFrom<typeof zoneStreetPickerMachine>
    | undefined;
  return (
    <Stack gap="4">
      <TextField
        label="Nombre"
        name="name"
        required
        maxLength={64}
        placeholder={DeviceTexts.name}
        value={values.name}
        error={errors.name}
        onValue={(value) => set('name', value)}
      />
      <SelectField
        label="Tipo de dispositivo"
        required
        value={values.deviceType}
        placeholder="Selecciona un tipo"
        options={deviceTypesFor(club).map((t) => ({ value: t, label: DeviceTypeLabel[t] }))}
        error={errors.deviceType}
        onValue={(value) => set('deviceType', value || 'BOOTH')}
      />
      {shown.scanner ? (
        <>
          <SelectField
            label="Tipo de lectura"
            required
            value={values.scannerAccess}
            placeholder="Selecciona la lectura"
            options={SCANNER_ACCESSES.map((a) => ({ value: a, label: ScannerAccessLabel[a] }))}
            error={errors.scannerAccess}
            onValue={(value) => set('scannerAccess', value || 'IN')}
          />
          <SelectField
            label="Ubicación"
            required
            value={values.scannerPlace ?? ''}
            placeholder="Selecciona la ubicación"
            options={SCANNER_PLACES.map((p) => ({ value: p, label: ScannerPlaceLabel[p] }))}
            error={errors.scannerPlace ?? errors.scannerType}
            onValue={(value) => set('scannerPlace', value || null)}
          />
          {picker ? <LocationFields form={form} picker={picker} shownStreet={shown.street} /> : null}
          {shown.number ? (
            <TextField
              label="Número"
              name="number"
              required
              maxLength={8}
              value={values.number}
              error={errors.number}
              onValue={(value) => set('number', value)}
            />
          ) : null}
          {shown.parents ? (
            <Fieldset.Root invalid={Boolean(errors.parents)}>
              <CheckboxGroup
                aria-label="Dispositivos padre"
                value={values.parents.map((p) => p.uuid)}
                onValueChange={(uuids) =>
                  set(
                    'parents',
                    uuids.map((uuid) => ({ uuid })),
                  )
                }
              >
                <Fieldset.Legend fontSize="sm" fontWeight="medium">
                  Dispositivos padre
                </Fieldset.Legend>
                <Fieldset.Content>
                  {parentOptions.length === 0 ? (
                    <Text fontSize="sm" color="gray.500">
                      No hay dispositivos que puedan ir antes.
                    </Text>
                  ) : null}
                  {parentOptions.map((o) => (
                    <Checkbox.Root key={o.value} value={o.value} colorPalette="teal">
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{o.label}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Fieldset.Content>
              </CheckboxGroup>
              <Fieldset.ErrorText>{errors.parents}</Fieldset.ErrorText>
            </Fieldset.Root>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/** Zone, then street: the form's zoneStreetPicker child holds the options; choosing a zone loads its streets. */
function LocationFields({
  form,
  picker,
  shownStreet,
}: {
  form: FormBindings<DeviceFormValues>;
  picker: ActorRefFrom<typeof zoneStreetPickerMachine>;
  shownStreet: boolean;
}) {
  const state = useSelector(picker, (s) => s);
  const { zones, streets, error } = state.context;
  const loadingZones = state.matches('loadingZones');
  const loadingStreets = state.matches('loadingStreets');
  return (
    <>
      <SelectField
        label="Zona"
        required
        value={form.values.zone?.uuid ?? ''}
        disabled={loadingZones}
        placeholder={loadingZones ? 'Cargando zonas…' : 'Selecciona una zona'}
        options={zones.map((z) => ({ value: z.uuid, label: z.name }))}
        error={form.errors.zone ?? error ?? undefined}
        onValue={(uuid) => form.set('zone', uuid ? { uuid } : null)}
      />
      {shownStreet ? (
        <SelectField
          label="Calle"
          required
          value={form.values.street?.uuid ?? ''}
          disabled={!form.values.zone || loadingStreets}
          placeholder={loadingStreets ? 'Cargando calles…' : 'Selecciona una calle'}
          options={streets.map((s) => ({ value: s.uuid, label: s.name }))}
          error={form.errors.street}
          onValue={(uuid) => form.set('street', uuid ? { uuid } : null)}
        />
      ) : null}
    </>
  );
}

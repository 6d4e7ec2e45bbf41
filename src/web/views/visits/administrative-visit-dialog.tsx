import { SimpleGrid } from '@chakra-ui/react';
import {
  administrativeVisitErrorDetail,
  administrativeVisitValues,
  type AdministrativeVisitForm,
} from '../../../shared/users/administrative-visit-rules.js';
import {
  AdministrativeResidentFormSchema,
  AdministrativeResidentMessages as M,
} from '../../../shared/users/administrative-resident.schema.js';
import type { AdministrativeResidentInput } from '../../../shared/users/administrative-resident.schema.js';
import { administrativeVisitApi, type AdministrativeVisitApi } from './administrative-visit.api.js';
import { FormDialogHost } from '../../platform/components/list/form-dialog.js';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { formRules } from '../../../../machines/platform/form-rules.js';
import { formScreenMachine, type LoadedForm } from '../../../../machines/platform/form-screen.machine.js';
import { TextField } from '../../platform/components/text-field.js';
import { locationOptionsApi, ZoneStreetFields, type LocationOptionsApi } from '../catalogues/zone-street-fields.js';
import { CheckField } from '../users/check-field.js';

/** The configuration is one per community: the modal always loads it first. */
const CURRENT = 'current';

/**
 * 'Configuración visitas administrativas': the form pattern over
 * `api/administrativeVisitUser/administrativeResident`, zone then street as the catalogues pick them.
 */
export function AdministrativeVisitDialog({
  api = administrativeVisitApi,
  options = locationOptionsApi,
  onClosed,
}: {
  api?: AdministrativeVisitApi;
  options?: LocationOptionsApi;
  onClosed: (saved: boolean) => void;
}) {
  // The form's machine: the shared schema as its rules, the configuration's calls as its actors.
  const logic = useMemo(
    () =>
      formScreenMachine.provide({
        ...formRules({ schema: AdministrativeResidentFormSchema, initial: () => administrativeVisitValues(null) }),
        actors: {
          loadForm: fromPromise(
            async (): Promise<LoadedForm> => ({ values: { ...administrativeVisitValues(await api.current()) } }),
          ),
          saveRecord: fromPromise(({ input }) =>
            api.save(input.values as AdministrativeResidentInput).catch((error: unknown) => {
              throw {
                kind: 'http',
                status: 0,
                body: { error: 'server_error', error_description: administrativeVisitErrorDetail(error) },
              };
            }),
          ),
        },
      }),
    [api],
  );
  return (
    <FormDialogHost<AdministrativeVisitForm>
      logic={logic}
      input={{ id: CURRENT }}
      onClosed={onClosed}
      title="Configuración visitas administrativas"
      submitText="Guardar"
      successDetail={() => M.saved}
      errorTitle={M.failedTitle}
    >
      {(form) => {
        const text = (name: keyof AdministrativeVisitForm & string) => ({
          name,
          value: String(form.values[name] ?? ''),
          error: form.errors[name],
          onValue: (value: string) => form.set(name, value),
        });
        return (
          <>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField label="Nombre" required maxLength={64} {...text('firstName')} />
              <TextField label="Apellidos" required maxLength={64} {...text('lastName')} />
            </SimpleGrid>
            <TextField label="Correo electrónico" type="email" required maxLength={64} {...text('email')} />
            <ZoneStreetFields form={form} withStreets api={options} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField label="Número del domicilio" required maxLength={8} {...text('number')} />
              <TextField label="Número interior" maxLength={8} helper="Opcional" {...text('intNumber')} />
            </SimpleGrid>
            <CheckField
              label="Usa la aplicación"
              checked={form.values.useapp}
              onValue={(checked) => form.set('useapp', checked)}
            />
          </>
        );
      }}
    </FormDialogHost>
  );
}

import { Button, Card, Flex, Heading, Spinner, Stack } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { canAddPhone, canRemovePhone, type PhoneRow } from '../../../../machines/residents/resident-form-rules.js';
import { ResidentTexts } from '../../../shared/residents/resident-rules.js';
import { useSessionUser } from '../session/session-context.js';
import { locationOptionsApi, type LocationOptionsApi } from '../catalogues/zone-street-fields.js';
import { PhoneFields } from './phone-fields.js';
import { ResidentFields } from './resident-fields.js';
import { ResidentFormDialogs } from './resident-form-dialogs.js';
import { ResidentImportDialog } from './resident-import-dialog.js';
import { residentFormApis, useResidentForm, type ResidentFormApis } from './use-resident-form.js';

/** States in which the form is on the screen (behind its dialogs). */
const FORM_STATES = ['editing', 'submitting', 'failed', 'invalid', 'succeeded', 'held'] as const;

/**
 * /newResidents: 'Alta residente', or 'Editar residente' with ?uuid= (or once a
 * deleted resident is reactivated); the Excel import modal; 'Descartar' back to /residents.
 */
export function ResidentFormView({
  api = residentFormApis,
  locations = locationOptionsApi,
}: {
  api?: ResidentFormApis;
  locations?: LocationOptionsApi;
}) {
  const [query] = useSearchParams();
  const [state, send] = useResidentForm(query.get('uuid'), api);
  const club = useSessionUser()?.club === true;
  const ctx = state.context;
  const title = ctx.id ? ResidentTexts.edit : ResidentTexts.create;
  const submitting = state.matches('submitting');
  const importActor = state.children.import;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'form.submit' });
  };
  const form = {
    values: ctx.values,
    errors: ctx.errors,
    set: (name: string, value: unknown) => send({ type: 'field.change', name, value }),
  };

  return (
    <Stack gap="5" maxW="4xl">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Button
          variant="outline"
          colorPalette="teal"
          onClick={() => send({ type: 'part.ask', name: 'import' })}
          disabled={!state.can({ type: 'part.ask', name: 'import' })}
        >
          Importar Excel
        </Button>
      </Flex>
      {state.matches('loading') ? <Spinner role="status" color="teal.600" aria-label="Cargando" /> : null}
      {FORM_STATES.some((s) => state.matches(s)) ? (
        <Card.Root asChild>
          <form onSubmit={submit} noValidate aria-label={title}>
            <Card.Body>
              <Stack gap="6">
                <ResidentFields
                  form={form}
                  club={club}
                  checkingEmail={ctx.checking === 'email'}
                  locations={locations}
                  pickerKey={ctx.id ?? 'new'}
                  onEmailBlur={() => send({ type: 'part.ask', name: 'email' })}
                />
                <PhoneFields
                  phones={ctx.values.phones as PhoneRow[]}
                  errors={ctx.errors}
                  send={send}
                  canAdd={canAddPhone(ctx.values.phones as PhoneRow[])}
                  canRemove={canRemovePhone(ctx.values.phones as PhoneRow[])}
                />
              </Stack>
            </Card.Body>
            <Card.Footer>
              <Flex justify="flex-end" gap="3" w="full">
                <Button variant="outline" onClick={() => send({ type: 'form.cancel' })} disabled={submitting}>
                  Descartar
                </Button>
                <Button type="submit" colorPalette="teal" loading={submitting}>
                  {ctx.id ? 'Guardar' : 'Registrar'}
                </Button>
              </Flex>
            </Card.Footer>
          </form>
        </Card.Root>
      ) : null}
      <ResidentFormDialogs state={state} send={send} />
      {importActor ? <ResidentImportDialog actor={importActor} /> : null}
    </Stack>
  );
}

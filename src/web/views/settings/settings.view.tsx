import { Alert, Button, Card, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { settingsEditMachine } from '../../../../machines/settings/settings-edit.machine.js';
import { SettingsTexts as T } from '../../../shared/settings/settings-rules.js';
import { administrativeVisitApi, type AdministrativeVisitApi } from '../visits/administrative-visit.api.js';
import { settingsApi, type SettingsApi } from './settings.api.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';
import { inspected } from '../../inspector.js';
import { locationOptionsApi, type LocationOptionsApi } from '../catalogues/zone-street-fields.js';
import { AdministrativeVisitDialog } from '../visits/administrative-visit-dialog.js';
import { GuardAppCard, MessageCard, ValidityCards } from './settings-cards.js';

const VISITS_LABEL = 'Configuración visitas administrativas';

/**
 * 'Ajustes' (/configuration): the settingsEdit machine rendered.
 * Read-only until 'Editar'; 'Cancelar' restores what was loaded; 'Guardar' validates, saves and
 * reloads. The administrative resident of spec 1 is the users screen's modal, reused.
 */
export function SettingsView({
  api = settingsApi,
  visits = administrativeVisitApi,
  options = locationOptionsApi,
}: {
  api?: SettingsApi;
  visits?: AdministrativeVisitApi;
  options?: LocationOptionsApi;
}) {
  const logic = useMemo(
    () =>
      settingsEditMachine.provide({
        actors: {
          loadSettings: fromPromise(() => api.load()),
          saveSettings: fromPromise(({ input }) => api.save(input.uuid, input.values)),
        },
      }),
    [api],
  );
  const [state, send] = useMachine(logic, inspected({}));
  const [visitsOpen, setVisitsOpen] = useState(false);
  const { values, errors, error } = state.context;
  const editing = state.matches('editing');
  const saving = state.matches('saving');
  const close = () => send({ type: 'dialog.close' });

  return (
    <Stack gap="5" maxW="5xl">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {T.title}
        </Heading>
        {state.matches('viewing') ? (
          <Button colorPalette="teal" onClick={() => send({ type: 'settings.edit' })}>
            {T.edit}
          </Button>
        ) : null}
        {editing || saving ? (
          <Flex gap="3">
            <Button variant="outline" disabled={saving} onClick={() => send({ type: 'settings.cancel' })}>
              {T.cancel}
            </Button>
            <Button colorPalette="teal" loading={saving} onClick={() => send({ type: 'settings.save' })}>
              {T.save}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {state.matches('loading') ? <Spinner role="status" color="teal.600" aria-label="Cargando" /> : null}
      {state.matches('loadFailed') ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{T.loadFailed}</Alert.Title>
            <Alert.Description>{error}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => send({ type: 'load.retry' })}>
            Reintentar
          </Button>
        </Alert.Root>
      ) : null}
      {values && !state.matches('loading') && !state.matches('loadFailed') ? (
        <Stack gap="5" aria-label="Configuración del fraccionamiento">
          <MessageCard values={values} errors={errors} disabled={!editing} send={send} />
          <ValidityCards values={values} errors={errors} disabled={!editing} send={send} />
          <GuardAppCard values={values} errors={errors} disabled={!editing} send={send} />
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                Visitas administrativas
              </Heading>
            </Card.Header>
            <Card.Body>
              <Flex justify="space-between" align="center" gap="3" wrap="wrap">
                <Text color="gray.600">
                  La administración como residente al que la app de vigilancia anuncia visitas.
                </Text>
                <Button variant="outline" colorPalette="teal" onClick={() => setVisitsOpen(true)}>
                  {VISITS_LABEL}
                </Button>
              </Flex>
            </Card.Body>
          </Card.Root>
        </Stack>
      ) : null}
      {visitsOpen ? (
        <AdministrativeVisitDialog api={visits} options={options} onClosed={() => setVisitsOpen(false)} />
      ) : null}
      <ResultDialog open={state.matches('saved')} status="success" title={T.saved} onClose={close} />
      <ResultDialog
        open={state.matches('failed')}
        status="error"
        title={T.failedTitle}
        detail={T.failed}
        onClose={close}
      />
    </Stack>
  );
}

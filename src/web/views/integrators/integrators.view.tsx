import { Button, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { integratorAccessMachine } from '../../../../machines/integrator-access.machine.js';
import type { ListRow } from '../../../../machines/list-screen.machine.js';
import type { Page } from '../../../shared/api-types.js';
import { INTEGRATOR_PAGE_WINDOW } from '../../../shared/constants.js';
import {
  accessButtonOf, accessPromptOf, addressLineOf, integratorFullName,
} from '../../../shared/integrator-access.js';
import type { Integrator } from '../../../shared/integrator-types.js';
import { integratorsApi } from '../../api/integrators.api.js';
import { AddLinkButton } from '../../components/add-link-button.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import type { Column } from '../../components/list/data-table.js';
import { ListScreen } from '../../components/list/list-screen.js';
import { ResultDialog } from '../../components/result-dialog.js';
import { paths } from '../../paths.js';

type Row = Integrator & ListRow;

const columns: Column<Row>[] = [
  { header: 'Correo', cell: (r) => r.testUser.email },
  { header: 'Nombre', cell: (r) => integratorFullName(r) },
  { header: 'Dirección', cell: (r) => <Text whiteSpace="normal" minW="56">{addressLineOf(r)}</Text> },
  { header: 'Teléfono', cell: (r) => r.phone || 'Sin teléfono' },
  { header: 'Cantidad de licencias', cell: (r) => r.licenses },
];

/** The enable/disable confirmation and its error dialog over a running integratorAccess child. */
function AccessDialogs({ actor }: { actor: ActorRefFrom<typeof integratorAccessMachine> }) {
  const access = useSelector(actor, (s) => s);
  const { target, error } = access.context;
  const prompt = accessPromptOf(target);
  return (
    <>
      <ConfirmDialog open={access.matches('confirming') || access.matches('saving')} busy={access.matches('saving')}
        title={prompt.title} detail={prompt.detail} confirmText={prompt.confirmText}
        danger={target.enabled}
        onConfirm={() => actor.send({ type: 'access.confirm' })} onCancel={() => actor.send({ type: 'access.cancel' })} />
      {/* Spec 1 §8: enable or disable failure shows an empty error dialog (the server's reason, if any, below). */}
      <ResultDialog open={access.matches('failed')} status="error" title="" detail={error}
        onClose={() => actor.send({ type: 'dialog.close' })} />
    </>
  );
}

/** /integrators (spec 1 §2 'Integrators list'): the general administrator's integrators. */
export function IntegratorsView({ api = integratorsApi }: { api?: Pick<typeof integratorsApi, 'list' | 'remove' | 'setAccess'> }) {
  const navigate = useNavigate();
  // Enable/disable runs as the list's row-action child: the list reloads when it changed the integrator.
  const access = useMemo(() => integratorAccessMachine.provide({
    actors: { setAccess: fromPromise(({ input }) => api.setAccess(input.uuid, input.enable)) },
  }), [api]);

  return (
    <ListScreen<Row>
      title="Integradores"
      tableCaption="Integradores registrados"
      searchPlaceholder="Buscar integrador"
      blockEnter
      pageWindow={INTEGRATOR_PAGE_WINDOW}
      columns={columns}
      loadPage={(q) => api.list(q) as Promise<Page<Row>>}
      deleteRow={(row) => api.remove(row.uuid)}
      rowName={(row) => integratorFullName(row)}
      canEdit={false}
      toolbar={<AddLinkButton label="Alta integrador" to={paths.newIntegrator} />}
      rowAction={access}
      renderRowAction={(_row, actor) => <AccessDialogs actor={actor} />}
      rowActions={(row, act) => {
        const button = accessButtonOf(row.enabled);
        return (
          <>
            <Button size="xs" variant="outline" onClick={() => navigate(`${paths.newIntegrator}?uuid=${encodeURIComponent(row.uuid)}`)}>Editar</Button>
            <Button size="xs" colorPalette={button.colorPalette} minW="10" aria-label={button.action} title={button.action} onClick={act}>
              {button.text}
            </Button>
          </>
        );
      }}
    />
  );
}

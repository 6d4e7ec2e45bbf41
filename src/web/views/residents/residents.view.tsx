import { Badge, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { residentCodeMachine } from '../../../../machines/residents/resident-code.machine.js';
import { residentStatusMachine } from '../../../../machines/residents/resident-status.machine.js';
import { INACTIVE_BADGE, residentEditPath, statusActionOf } from '../../../shared/residents/resident-list-rules.js';
import { canDeleteResident, residentAddress, ResidentTexts } from '../../../shared/residents/resident-rules.js';
import { residentsApi, type ResidentRow, type ResidentsApi } from './residents.api.js';
import { AddLinkButton } from '../../platform/components/add-link-button.js';
import { ListScreen, type ListColumn } from '../../platform/components/list/list-screen.js';
import { paths } from '../../paths.js';
import { listMemory } from '../../platform/session/list-memory.js';
import { useSessionUser } from '../session/session-context.js';
import { ResidentCodeCell } from './resident-code-cell.js';
import { ResidentStatusDialogs } from './resident-status-dialogs.js';

type Row = ResidentRow;
const memory = listMemory('residents');

/** Columns of the residents list; 'No. acción' only in a club community. */
function columnsFor(club: boolean): ListColumn<Row>[] {
  return [
    { header: 'Correo', cell: (r) => r.email ?? '' },
    {
      header: 'Nombre',
      cell: (r) => (
        <HStack gap="2">
          <Text>{r.name}</Text>
          {r.status === 'ACTIVE' ? null : (
            <Badge colorPalette="gray" variant="subtle">
              {INACTIVE_BADGE}
            </Badge>
          )}
        </HStack>
      ),
    },
    {
      header: 'Dirección',
      cell: (r) => (
        <Text whiteSpace="normal" minW="40">
          {residentAddress(r)}
        </Text>
      ),
    },
    ...(club ? [{ header: 'No. acción', cell: (r: Row) => r.action ?? '' }] : []),
    {
      header: 'Teléfonos',
      cell: (r) => (
        <Stack gap="0">
          {r.phones.map((p) => (
            <Text key={p.uuid}>{p.phone}</Text>
          ))}
        </Stack>
      ),
    },
    { header: 'Código', cell: (_r, child) => <ResidentCodeCell actor={child} /> },
  ];
}

/** Residentes (/residents): search, 'Residentes activados', code column, activate/deactivate, edit, delete. */
export function ResidentsView({
  api = residentsApi,
}: {
  api?: Pick<ResidentsApi, 'list' | 'remove' | 'enable' | 'disable' | 'resendCode'>;
}) {
  const user = useSessionUser();
  const navigate = useNavigate();
  // Each shown row's code cell and the activate/deactivate action run as children of the list.
  const code = useMemo(
    () =>
      residentCodeMachine.provide({
        actors: { resendCode: fromPromise(({ input }) => api.resendCode(input.uuid)) },
      }),
    [api],
  );
  const status = useMemo(
    () =>
      residentStatusMachine.provide({
        actors: {
          setStatus: fromPromise(({ input }) => (input.enable ? api.enable(input.uuid) : api.disable(input.uuid))),
        },
      }),
    [api],
  );
  const columns = useMemo(() => columnsFor(user?.club ?? false), [user?.club]);
  if (!user) return <Spinner role="status" color="teal.600" aria-label="Cargando" />;

  return (
    <ListScreen<Row>
      title={ResidentTexts.title}
      tableCaption="Residentes registrados"
      searchPlaceholder={ResidentTexts.search}
      checkFilters={[{ name: 'useApp', label: ResidentTexts.appUsers }]}
      memory={memory}
      columns={columns}
      rowChild={code}
      loadPage={(q) => api.list({ page: q.page, size: q.size, search: q.search, useApp: q.useApp === true })}
      deleteRow={canDeleteResident(user.roleKey) ? (row) => api.remove(row.uuid) : undefined}
      rowName={(row) => row.name}
      canEdit={false}
      toolbar={<AddLinkButton label={ResidentTexts.create} to={paths.newResidents} />}
      rowAction={status}
      renderRowAction={(_row, actor) => <ResidentStatusDialogs actor={actor} />}
      rowActions={(row, act) => {
        const action = statusActionOf(row.status);
        return (
          <>
            <Button size="xs" variant="outline" onClick={() => navigate(residentEditPath(row.uuid))}>
              Editar
            </Button>
            <Button size="xs" variant="outline" colorPalette={action.colorPalette} onClick={act}>
              {action.label}
            </Button>
          </>
        );
      }}
    />
  );
}

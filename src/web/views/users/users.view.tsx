import { Box, IconButton, Spinner } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { canConfigureAdministrativeVisits } from '../../../shared/users/administrative-visit-rules.js';
import { USER_PAGE_WINDOW } from '../../../shared/platform/constants.js';
import { userLogin, userRowActions } from '../../../shared/users/user-list-rules.js';
import { USER_DELETE_ERROR_TITLE } from '../../../shared/users/user-save-errors.js';
import { administrativeVisitApi, type AdministrativeVisitApi } from '../visits/administrative-visit.api.js';
import { usersApi, type UserRow, type UsersApi } from './users.api.js';
import { ListScreen } from '../../platform/components/list/list-screen.js';
import { useSessionUser } from '../session/session-context.js';
import { locationOptionsApi, type LocationOptionsApi } from '../catalogues/zone-street-fields.js';
import { AdministrativeVisitDialog } from '../visits/administrative-visit-dialog.js';
import { UserFormDialog, userModalFor } from './user-form-dialog.js';

const VISITS_LABEL = 'Configuración visitas administrativas';

/** Usuarios (/users): the users the caller manages, their modal, and the administrator's floating button. */
export function UsersView({
  api = usersApi,
  visits = administrativeVisitApi,
  options = locationOptionsApi,
}: {
  api?: UsersApi;
  visits?: AdministrativeVisitApi;
  options?: LocationOptionsApi;
}) {
  const user = useSessionUser();
  const [visitsOpen, setVisitsOpen] = useState(false);
  // The modal's machine for this caller; the list starts it as its form child.
  const form = useMemo(() => (user ? userModalFor(user.roleKey, user.uuid, api) : undefined), [user, api]);
  if (!user) return <Spinner role="status" color="teal.600" aria-label="Cargando" />;
  const role = user.roleKey;
  const actions = (row: UserRow) => userRowActions(role, row, user.uuid);

  return (
    <Box pb="20">
      <ListScreen<UserRow>
        title="Usuarios"
        tableCaption="Usuarios registrados"
        searchPlaceholder="Buscar por nombre, correo o tipo de usuario"
        columns={[
          { header: 'Correo o código', cell: (u) => userLogin(u) },
          { header: 'Nombre', cell: (u) => u.name },
          { header: 'Tipo de usuario', cell: (u) => u.testUsersType?.name ?? '' },
          { header: 'Desarrollo', cell: (u) => u.testFrac?.name ?? 'Sin asignar' },
        ]}
        loadPage={api.list}
        pageWindow={USER_PAGE_WINDOW}
        deleteRow={(row) => api.remove(row.uuid)}
        deleteErrorTitle={USER_DELETE_ERROR_TITLE}
        canEditRow={(row) => actions(row).edit}
        canDeleteRow={(row) => actions(row).delete}
        // A row without actions keeps the height of the others.
        rowActions={(row) => (actions(row).edit || actions(row).delete ? null : <Box h="8" aria-hidden="true" />)}
        rowName={(row) => row.name}
        addLabel="Agregar usuario"
        form={form}
        renderForm={(selected, actor) => <UserFormDialog actor={actor} role={role} row={selected} />}
      />
      {canConfigureAdministrativeVisits(role) ? (
        <IconButton
          aria-label={VISITS_LABEL}
          title={VISITS_LABEL}
          colorPalette="teal"
          rounded="full"
          size="xl"
          position="fixed"
          bottom="8"
          right="8"
          shadow="lg"
          zIndex="docked"
          onClick={() => setVisitsOpen(true)}
        >
          <svg
            viewBox="0 0 24 24"
            width="24"
            height="24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <circle cx="9" cy="8" r="4" />
            <path d="M2 21v-1a6 6 0 0 1 10.5-4" />
            <circle cx="18" cy="17" r="3" />
            <path d="M18 12.5v1.5M18 20v1.5M13.5 17H15M21 17h1.5" />
          </svg>
        </IconButton>
      ) : null}
      {visitsOpen ? (
        <AdministrativeVisitDialog api={visits} options={options} onClosed={() => setVisitsOpen(false)} />
      ) : null}
    </Box>
  );
}

import { Button, Checkbox } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { contractorResendMachine, resendMessages } from '../../../../machines/contractors/contractor-resend.machine.js';
import type { ListRow } from '../../../../machines/platform/list-screen.machine.js';
import type { Page } from '../../../shared/platform/api-types.js';
import {
  CONTRACTORS_PAGE_SIZE,
  contractorEditPath,
  ContractorTexts,
} from '../../../shared/contractors/construction-rules.js';
import type { Contractor } from '../../../shared/contractors/contractor-types.js';
import { PAGE_LINKS } from '../../../shared/massive-events/massive-event-rules.js';
import { contractorsApi } from './contractors.api.js';
import { AddLinkButton } from '../../platform/components/add-link-button.js';
import { ListScreen, type ListColumn } from '../../platform/components/list/list-screen.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';
import { inspected } from '../../inspector.js';
import { paths } from '../../paths.js';

type Row = Contractor & ListRow;
const fullName = (c: Contractor) => `${c.firstName} ${c.lastName}`;

/**
 * /contractors 'Contratistas de obra': the shared list, 10 per page, with a checkbox
 * per row for 'Reenviar código' (the contractorResend machine), register, edit and delete.
 */
export function ContractorsView({
  api = contractorsApi,
}: {
  api?: Pick<typeof contractorsApi, 'list' | 'remove' | 'resendAccess'>;
}) {
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      contractorResendMachine.provide({
        actors: { resendAccess: fromPromise(({ input }) => api.resendAccess(input.email)) },
      }),
    [api],
  );
  const [resend, sendResend] = useMachine(logic, inspected({}));
  const checked = resend.context.checked;
  const close = () => sendResend({ type: 'dialog.close' });

  const columns: ListColumn<Row>[] = [
    {
      header: 'Seleccionar',
      width: '1',
      cell: (r) => (
        <Checkbox.Root
          colorPalette="teal"
          checked={checked.some((c) => c.uuid === r.uuid)}
          aria-label={`Seleccionar a ${fullName(r)}`}
          onCheckedChange={() => sendResend({ type: 'row.toggle', row: { uuid: r.uuid, email: r.user.email } })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
    },
    { header: 'Nombre', cell: (r) => fullName(r) },
    { header: 'Dirección', cell: (r) => r.fullAddress },
    { header: 'Teléfono', cell: (r) => r.phone || 'Sin teléfono' },
    { header: 'Empresa', cell: (r) => r.enterprise },
  ];

  return (
    <>
      <ListScreen<Row>
        title={ContractorTexts.title}
        tableCaption="Contratistas registrados"
        searchPlaceholder="Buscar contratista"
        pageWindow={PAGE_LINKS}
        columns={columns}
        loadPage={(q) => api.list({ ...q, size: CONTRACTORS_PAGE_SIZE }) as Promise<Page<Row>>}
        deleteRow={(row) => api.remove(row.uuid)}
        rowName={(row) => fullName(row)}
        deletedText={() => ContractorTexts.deleted}
        canEdit={false}
        toolbar={
          <>
            <AddLinkButton label={ContractorTexts.create} to={paths.createContractor} />
            <Button
              size="sm"
              variant="outline"
              colorPalette="teal"
              loading={resend.matches('sending')}
              onClick={() => sendResend({ type: 'resend' })}
            >
              Reenviar código
            </Button>
          </>
        }
        rowActions={(row) => (
          <Button size="xs" variant="outline" onClick={() => navigate(contractorEditPath(row.uuid))}>
            Editar
          </Button>
        )}
      />
      <ResultDialog
        open={resend.matches('needsOne')}
        status="info"
        title="Selecciona un contratista"
        detail={resendMessages.needsOne}
        onClose={close}
      />
      <ResultDialog
        open={resend.matches('tooMany')}
        status="error"
        title="No se puede realizar la siguiente acción"
        detail={resendMessages.tooMany}
        onClose={close}
      />
      <ResultDialog
        open={resend.matches('sent')}
        status="success"
        title={resendMessages.sent}
        detail={checked[0]?.email}
        onClose={close}
      />
      <ResultDialog
        open={resend.matches('failed')}
        status="error"
        title="Ha ocurrido un error"
        detail={resend.context.error}
        onClose={close}
      />
    </>
  );
}

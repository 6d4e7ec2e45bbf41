import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Contractor } from '../../../src/shared/contractors/contractor-types.js';
import { ContractorsView } from '../../../src/web/views/contractors/contractors.view.js';
import { contractorResendModel } from '../../machines/contractors/contractor-resend.model.js';
import { Where } from '../../support/integrators/integrators-harness.js';
import { describePath, transitionPaths } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

const contractor = (uuid: string, firstName: string, email: string): Contractor => ({
  uuid,
  firstName,
  lastName: 'Prueba',
  phone: '',
  enterprise: 'Obras SA',
  fullAddress: 'Monterrey, Av. Uno, #1, C.P.:64000',
  user: { email },
});
// The model's contractors k1 (ramiro@) and k2 (lidia@).
const rows = [contractor('k1', 'Ramiro', 'ramiro@correo.mx'), contractor('k2', 'Lidia', 'lidia@correo.mx')];

function renderContractors() {
  const calls = pendingCalls();
  const api = {
    list: vi.fn(async (q: { page: number; size: number }) => ({
      content: rows,
      totalElements: 2,
      totalPages: 1,
      page: q.page,
      size: q.size,
    })),
    remove: vi.fn(async () => undefined),
    resendAccess: calls.fn<unknown>('resendAccess'),
  };
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/contractors']}>
        <Routes>
          <Route path="/contractors" element={<ContractorsView api={api} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { calls, api };
}

const dialog = () => screen.queryByRole('alertdialog', { hidden: true });
const paths = transitionPaths(contractorResendModel);

describe("/contractors performs the 'Reenviar código' paths", () => {
  it('asks the contractors 10 per page', async () => {
    const { api } = renderContractors();
    await waitFor(() => expect(api.list).toHaveBeenCalledWith(expect.objectContaining({ page: 0, size: 10 })));
    expect(await screen.findByText('Ramiro Prueba')).toBeTruthy();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { calls } = renderContractors();
    await screen.findByText('Ramiro Prueba');
    await performPath(path, {
      calls,
      spec: contractorResendModel,
      probe: () => ({ sees: (text: string) => expect(dialog()?.textContent ?? '').toContain(text) }),
      executors: {
        'row.toggle': (e) => {
          const name = (e as unknown as { row: { uuid: string } }).row.uuid === 'k1' ? 'Ramiro Prueba' : 'Lidia Prueba';
          fireEvent.click(screen.getByLabelText(`Seleccionar a ${name}`));
        },
        resend: () => {
          fireEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));
        },
        'dialog.close': () => {
          fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name: 'Aceptar' }));
        },
      },
      expectState: async (state, step) => {
        const value = JSON.parse(state) as string;
        await waitFor(() => {
          if (value === 'idle') expect(dialog()).toBeNull();
          if (value === 'sending')
            expect(calls.queue.map((c) => c.args[0])).toEqual([path.contexts[step].checked[0].email]);
        });
      },
    });
  });
});

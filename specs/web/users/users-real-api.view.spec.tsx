import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApi } from '../../support/api-process.js';
import { renderUsers } from '../../support/users/render-users.js';

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi();
}, 120_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await api?.stop();
});

describe('Usuarios against the real API (contractor users, type 15, are hidden)', () => {
  it('the general administrator sees every user of the demo but never the contractor', async () => {
    vi.stubGlobal('fetch', api.fetch);
    await renderUsers('generalAdmin', {}, await api.signIn('admin@porton.mx'));
    await screen.findByRole('table', { name: 'Usuarios registrados' });
    // The demo's residents have accounts too: the staff accounts are the ones under @porton.mx.
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar por nombre, correo o tipo de usuario' }), {
      target: { value: '@porton.mx' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.getByText('integrador@porton.mx')).toBeTruthy());
    const table = screen.getByRole('table', { name: 'Usuarios registrados' });
    expect(within(table).queryByText(/@correo\.mx$/)).toBeNull();
    for (const email of [
      'capturista@porton.mx',
      'vigilante@porton.mx',
      'residente@porton.mx',
      'integrador@porton.mx',
      'administrador2@porton.mx',
    ]) {
      expect(within(table).getByText(email)).toBeTruthy();
    }
    expect(within(table).queryByText('contratista@porton.mx')).toBeNull();
    expect(within(table).queryByText('Contratista')).toBeNull();
    // The contractor exists and signs in: it is the list that leaves it out.
    expect(await api.signIn('contratista@porton.mx')).toEqual(expect.any(String));
    // Searching for it by name or type finds nothing either.
    expect(
      JSON.parse(
        await (
          await api.fetch('/api/users?search=Contratista', {
            headers: { Authorization: `Bearer ${localStorage.getItem('porton.token')}` },
          })
        ).text(),
      ).content,
    ).toEqual([]);
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { addressPagesModel } from '../../machines/platform/address-pages.model.js';
import { field, renderAddressForm } from '../../support/address-form-harness.js';
import { describePath, transitionPaths, type GeneratedPath } from '../../support/model-paths.js';

const paths = transitionPaths(addressPagesModel);

/** The machine's snapshot after each step ([0] = start): what the person should see. */
function snapshots(path: GeneratedPath) {
  let s: AnyMachineSnapshot = getInitialSnapshot(path.machine, path.input as never);
  const out = [s];
  for (const e of path.events) {
    s = getNextSnapshot(path.machine, s, e as never);
    out.push(s);
  }
  return out;
}

const texts = {
  'integrator add': {
    submit: 'Registrar',
    title: 'Alta integrador',
    success: 'Integrador creado correctamente',
    failure: 'No es posible registrar al integrador',
  },
  'community add': {
    submit: 'Registrar',
    title: 'Alta fraccionamiento',
    success: 'fraccionamiento creado correctamente',
    failure: 'No es posible registrar al fraccionamiento',
  },
  'community edit': {
    submit: 'Guardar',
    title: 'Editar fraccionamiento',
    success: 'fraccionamiento actualizado correctamente',
    failure: 'No se pudo actualizar',
  },
} as const;

describe('/newIntegrator and /newFrac perform the address form paths', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const t = texts[path.inputName as keyof typeof texts];
    const page = renderAddressForm(path.inputName);
    const snaps = snapshots(path);
    const dialog = () => screen.queryByRole('alertdialog', { hidden: true });

    const executors: Record<string, (e: AnyEventObject) => void> = {
      'field.change': (e) => {
        fireEvent.change(field(page.labelOf(e.name)), { target: { value: e.value } });
      },
      'form.submit': () => {
        fireEvent.click(screen.getByRole('button', { name: t.submit }));
      },
      'form.cancel': () => {
        fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
      },
      'dialog.close': () => {
        fireEvent.click(page.inDialog().getByRole('button', { name: 'Aceptar', hidden: true }));
      },
      'logo.pick': (e) => {
        const file = new File([new Uint8Array(e.file.size)], e.file.name, { type: e.file.type });
        fireEvent.change(screen.getByLabelText('Archivo del logo'), { target: { files: [file] } });
      },
      'logo.remove': () => {
        fireEvent.click(screen.getByRole('button', { name: 'Quitar logo' }));
      },
    };

    const expectStep = async (step: number) => {
      const snap = snaps[step];
      const ctx = snap.context;
      await waitFor(() => {
        if (snap.status === 'done') {
          expect(screen.getByText('pantalla lista')).toBeTruthy();
          return;
        }
        expect(screen.getByText(t.title, { selector: 'h1' })).toBeTruthy();
        if (snap.matches('loading')) {
          expect(screen.getByLabelText('Cargando')).toBeTruthy();
          return;
        }
        const d = dialog();
        if (snap.matches('editing')) {
          expect(d).toBeNull();
          // Postal code, the city and state it filled, the colonies it found, the chosen one.
          expect(field('Código postal').value).toBe(ctx.values.cp);
          expect(field('Ciudad').value).toBe(ctx.values.city);
          expect(field('Estado').value).toBe(ctx.values.state);
          expect(field('Ciudad').readOnly && field('Estado').readOnly).toBe(true);
          const colonies = [...field('Colonia').options].filter((o) => o.value !== '').map((o) => o.textContent);
          expect(colonies).toEqual(ctx.colonies.map((c: { colony: string }) => c.colony));
          expect(field('Colonia').value).toBe(String(ctx.values.idAddress));
          expect(screen.queryByText('Buscando colonias…') !== null).toBe(ctx.lookingUp);
          for (const message of Object.values(ctx.errors) as string[])
            expect(screen.getAllByText(message).length).toBeGreaterThan(0);
          if (path.inputName !== 'integrator add') {
            const preview = screen.queryByAltText('Vista previa del logo') as HTMLImageElement | null;
            expect(preview?.getAttribute('src') ?? null).toBe(ctx.logo.preview);
          }
        }
        if (snap.matches('invalid')) {
          expect(d!.textContent).toContain('Error');
          expect(d!.textContent).toContain('Por favor, corrige los campos indicados.');
        }
        // While saving, the submit button shows its spinner and cannot be pressed again.
        if (snap.matches('submitting'))
          expect(document.querySelector<HTMLButtonElement>('form button[type="submit"]')!.disabled).toBe(true);
        if (snap.matches('succeeded')) {
          expect(d!.textContent).toContain(t.success);
          if (path.inputName === 'integrator add') expect(d!.textContent).toContain('Codigo de accesso: K7P2Q9XZ');
        }
        if (snap.matches('failed')) {
          expect(d!.textContent).toContain(t.failure);
          expect(d!.textContent).toContain(ctx.serverError);
        }
        if (snap.matches('loadFailed')) expect(d!.textContent).toContain('No fue posible cargar el registro');
      });
    };

    // Adding an integrator loads nothing: the form is there at once and the person types.
    if (path.inputName === 'integrator add') await page.typePrefill();
    await expectStep(0);
    for (const [i, event] of path.events.entries()) {
      if (event.type.startsWith('xstate.') || event.type.startsWith('postalCode.')) await page.settle(event);
      else
        await act(async () => {
          executors[event.type](event);
          await new Promise((r) => setTimeout(r, 0));
        });
      await expectStep(i + 1);
    }
    // What was sent: the shared schema's output, and the logo as the server expects it.
    for (const [first, ...rest] of page.saved) {
      if (path.inputName === 'integrator add')
        expect(first).toMatchObject({ email: 'laura@integra.mx', cp: '01000', idAddress: 2, licenses: 25 });
      else if (path.inputName === 'community add') {
        expect(first).toMatchObject({ name: 'Lomas del Pedregal', idUser: 7, licenseTotal: 20 });
        expect(rest[0] === undefined || (rest[0] as { content: string }).content === 'iVBORw0KGgo=').toBe(true);
      } else expect([first, rest[0]]).toMatchObject(['c1', { name: 'Residencial Las Palmas', idAddress: 1 }]);
    }
  });
});

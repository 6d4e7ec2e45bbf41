import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { residentFailureTitle } from '../../../machines/residents/resident-form-rules.js';
import {
  lastPhone,
  licencesFull,
  reactivatedResident,
  residentFormModel,
} from '../../machines/residents/resident-form.model.js';
import {
  checkExpectations,
  describePath,
  generatePaths,
  transitionPaths,
  type GeneratedPath,
} from '../../support/model-paths.js';
import { dialogButton } from '../../support/dialogs.js';
import { field, renderResidentForm } from '../../support/residents/resident-form-harness.js';

/**
 * One path per transition, and one for each way a part ends or answers (the reactivation offer, a
 * saved phone's removal, the import modal, the email check): the skeleton's `held` has one
 * transition, but each part shows its own dialogs.
 */
const partNews = (e: AnyEventObject) =>
  e.type === 'part.release' || e.type === 'part.report' ? `${e.type} ${e.part} ${e.outcome}` : null;
const byTransition = transitionPaths(residentFormModel);
const seenNews = new Set(byTransition.flatMap((p) => p.events.map(partNews)));
const paths = [
  ...byTransition,
  ...generatePaths(residentFormModel)
    .sort((a, b) => a.events.length - b.events.length)
    .filter((p) => {
      const news = p.events.map(partNews).filter((n) => n !== null && !seenNews.has(n));
      for (const n of news) seenNews.add(n);
      return news.length > 0;
    }),
];

function snapshots(path: GeneratedPath) {
  let s: AnyMachineSnapshot = getInitialSnapshot(path.machine, path.input as never);
  const out = [s];
  for (const e of path.events) {
    s = getNextSnapshot(path.machine, s, e as never);
    out.push(s);
  }
  return out;
}
const dialogsText = () =>
  screen
    .queryAllByRole('alertdialog', { hidden: true })
    .map((d) => d.textContent)
    .join(' | ');

describe("/newResidents performs the resident form's paths", () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const page = renderResidentForm(path.inputName as 'alta' | 'editar');
    const snaps = snapshots(path);
    const click = (name: string) =>
      act(async () => {
        fireEvent.click(dialogButton(name));
        await new Promise((r) => setTimeout(r, 0));
      });
    /** The dialog over the form says these texts, then 'Aceptar' closes it. */
    const closeNotice = async (...texts: string[]) => {
      await waitFor(() => {
        for (const text of texts) expect(dialogsText()).toContain(text);
      });
      await click('Aceptar');
    };
    /** The person's gestures on the form's parts (`part.ask`). */
    const asks: Record<string, (e: AnyEventObject) => unknown> = {
      email: () => fireEvent.blur(field('Correo electrónico')),
      'phone.add': () => fireEvent.click(screen.getByRole('button', { name: 'Agregar teléfono' })),
      'phone.change': (e) => fireEvent.change(field(`Teléfono ${e.index + 1}`), { target: { value: e.value } }),
      'phone.remove': (e) => fireEvent.click(screen.getByRole('button', { name: `Quitar teléfono ${e.index + 1}` })),
      import: () => fireEvent.click(screen.getByRole('button', { name: 'Importar Excel' })),
    };
    /** How a part over the form ends (`part.release`): what the person does in it and what the server answers. */
    const releases: Record<string, () => Promise<unknown> | unknown> = {
      'reactivation reactivated': async () => {
        await click('Reactivar');
        await page.settle({ type: 'xstate.done.actor.reactivate', output: reactivatedResident });
      },
      'reactivation cancelled': () => click('Cancelar'),
      'reactivation failed': async () => {
        await click('Reactivar');
        await page.settle({ type: 'xstate.error.actor.reactivate', error: licencesFull });
        await closeNotice('No es posible registrar más residentes', licencesFull.body.error_description);
      },
      'phoneRemoval removed': async () => {
        await click('Eliminar');
        await page.settle({ type: 'xstate.done.actor.removePhone', output: undefined });
      },
      'phoneRemoval cancelled': () => click('Cancelar'),
      'phoneRemoval failed': async () => {
        await click('Eliminar');
        await page.settle({ type: 'xstate.error.actor.removePhone', error: lastPhone });
        await closeNotice('No es posible eliminar', lastPhone.body.error_description);
      },
      'import closed': () => click('Cancelar'),
    };
    const executors: Record<string, (e: AnyEventObject) => unknown> = {
      'field.change': (e) => {
        fireEvent.change(field('Correo electrónico'), { target: { value: e.value } });
      },
      'part.ask': (e) => asks[e.name](e),
      'form.submit': () => {
        fireEvent.click(
          screen.getByRole('button', { name: snaps[0].context.id ? 'Guardar' : /^(Registrar|Guardar)$/ }),
        );
      },
      'form.cancel': () => {
        fireEvent.click(screen.getByRole('button', { name: 'Descartar' }));
      },
      'dialog.close': () => {
        fireEvent.click(dialogButton('Aceptar'));
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
        // 'Alta residente', or 'Editar residente' (also once a deleted resident is reactivated).
        expect(screen.getByRole('heading', { level: 1, hidden: true }).textContent).toBe(
          ctx.id ? 'Editar residente' : 'Alta residente',
        );
        if (snap.matches('loading')) {
          expect(screen.getByLabelText('Cargando')).toBeTruthy();
          return;
        }
        const text = dialogsText();
        if (snap.matches('editing')) {
          expect(field('Correo electrónico').value).toBe(ctx.values.email);
          const phones = ctx.values.phones as { phone: string }[];
          for (const [i, p] of phones.entries()) expect(field(`Teléfono ${i + 1}`).value).toBe(p.phone);
          expect(screen.queryByLabelText(`Teléfono ${phones.length + 1}`)).toBeNull();
          // 'Agregar teléfono' while fewer than 4.
          expect(screen.queryByRole('button', { name: 'Agregar teléfono', hidden: true }) !== null).toBe(
            phones.length < 4,
          );
          for (const message of Object.values(ctx.errors) as string[])
            expect(screen.getAllByText(message).length).toBeGreaterThan(0);
          expect(screen.queryByTestId('import-dialog')).toBeNull();
        }
        if (snap.matches('held')) {
          const { reactivation, phoneRemoval } = snap.children;
          if (reactivation)
            expect(text).toContain('El correo pertenece a un residente eliminado. ¿Deseas reactivarlo?');
          else if (phoneRemoval) expect(text).toContain('¿Seguro que deseas eliminar el teléfono 5522222222?');
          else expect(screen.getByTestId('import-dialog')).toBeTruthy();
        }
        if (snap.matches('invalid')) expect(text).toContain('Por favor, corrige los campos indicados.');
        if (snap.matches('succeeded'))
          expect(text).toContain(ctx.id ? 'Residente actualizado correctamente' : 'Residente creado correctamente');
        if (snap.matches('failed')) {
          expect(text).toContain(residentFailureTitle(ctx.failure, ctx.id !== null));
          expect(text).toContain(ctx.serverError);
        }
        if (snap.matches('loadFailed')) expect(text).toContain('No fue posible cargar el registro');
      });
      await waitFor(() => checkExpectations(residentFormModel, path.states[step], 'view', { screen, context: ctx }));
    };

    if (path.inputName === 'alta') await page.typePrefill();
    await expectStep(0);
    for (const [i, event] of path.events.entries()) {
      if (event.type.startsWith('xstate.')) await page.settle(event);
      else if (event.type === 'part.report') await page.checkAnswers(event);
      else if (event.type === 'part.release') await releases[`${event.part} ${event.outcome}`]();
      else
        await act(async () => {
          await executors[event.type](event);
          await new Promise((r) => setTimeout(r, 0));
        });
      await expectStep(i + 1);
    }
    // What was sent: the form's values as the shared schema outputs them.
    for (const args of page.saved) {
      const values = args.at(-1) as { email: string; phones: { phone: string; uuid?: string }[]; idZone: number };
      if (path.inputName === 'editar')
        expect([args[0], values.idZone, values.phones[0].uuid]).toEqual([expect.any(String), 2, expect.any(String)]);
      else expect(values).toMatchObject({ firstName: 'Ana', useapp: true });
    }
  });
});

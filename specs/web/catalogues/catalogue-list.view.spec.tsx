import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { EMPTY_LIST_MESSAGE } from '../../../src/web/platform/components/list/list-screen.js';
import { formScreenModel } from '../../machines/platform/form-screen.model.js';
import { listScreenModel, pageOf } from '../../machines/platform/list-screen.model.js';
import {
  asZone,
  asZonesEvent,
  formDialog,
  noDialogs,
  renderZones,
  resultDialog,
  rowOf,
  ui,
} from '../../support/catalogues/catalogue-screen-harness.js';
import {
  checkExpectations,
  coverage,
  describePath,
  transitionPaths,
  type GeneratedPath,
  type ModelSpec,
} from '../../support/model-paths.js';

const ZONE_NAME_ERROR = 'Asigna un nombre';
const rows = [
  { uuid: 'a', name: 'Puerta Norte' },
  { uuid: 'b', name: 'Puerta Sur' },
];
type Screen = Awaited<ReturnType<typeof renderZones>>;

/** The machine's context after each step of a path ([0] = start), to know what the person should read. */
function contexts(machine: AnyStateMachine, path: GeneratedPath) {
  let snapshot = getInitialSnapshot(machine, path.input as never);
  const out = [snapshot.context];
  for (const e of path.events) {
    snapshot = getNextSnapshot(machine, snapshot, e);
    out.push(snapshot.context);
  }
  return out;
}

/** Performs each event as a person (or as the fake API answering); asserts the view after each step. */
async function perform(
  s: Screen,
  path: GeneratedPath,
  machine: AnyStateMachine,
  act: Record<string, (e: AnyEventObject) => unknown>,
  expectState: (state: string, ctx: GeneratedPath['contexts'][number], step: number) => Promise<void>,
  spec?: Pick<ModelSpec, 'expectations'>,
) {
  const ctx = contexts(machine, path);
  for (const [i, raw] of path.events.entries()) {
    const event = asZonesEvent(raw);
    // A person's act, or the form child ending because the person saved or cancelled in it; otherwise the fake API answers.
    if (act[event.type]) await act[event.type](event);
    else if (event.type.startsWith('xstate.')) await s.calls.settle(event);
    else throw new Error(`no executor for ${event.type}`);
    await expectState(JSON.parse(path.states[i + 1]), ctx[i + 1], i + 1);
    // The model's own words for this state, checked on the screen.
    if (spec) {
      const probe = { screen, context: ctx[i + 1], events: path.events.slice(0, i + 1), step: i + 1 };
      await waitFor(() => checkExpectations(spec, path.states[i + 1], 'view', probe));
    }
  }
}

// ---------------------------------------------------------------- listScreen on the Zonas screen
const listPaths = transitionPaths(listScreenModel);
/**
 * Zonas has no row action (that path is walked on /integrators) and no filter (walked on
 * /residents; every filter at once on the reports, /visitants), and a crash of the form child cannot be caused from the screen (the machine layer
 * covers it): those transitions are not walked here.
 */
const NOT_ON_ZONAS = [
  'row.act',
  'xstate.done.actor.rowAction',
  'xstate.error.actor.rowAction',
  'xstate.error.actor.form',
  'filter.change',
  'filters.set',
];
const performable = listPaths.filter((p) => !p.events.some((e) => NOT_ON_ZONAS.includes(e.type)));

const SAVE_CALL = /^(create|update)$/;
const listActions = (s: Screen): Record<string, (e: AnyEventObject) => unknown> => ({
  'search.change': (e) => ui.search(e.value),
  'search.submit': () => ui.submitSearch(),
  'page.go': (e) => ui.goToPage(e.page),
  'row.add': () => ui.add(),
  'row.edit': (e) => ui.edit(e.row.name),
  'row.delete': (e) => ui.remove(e.row.name),
  'delete.confirm': () => ui.confirm('Eliminar'),
  'delete.cancel': () => ui.confirm('Cancelar'),
  'dialog.close': () => ui.accept(),
  // 'Recargar' over a list with rows or an empty one; 'Reintentar' in the error alert.
  'list.reload': () => (screen.queryByRole('button', { name: 'Reintentar' }) ? ui.retry() : ui.refresh()),
  // The form child over the list ends after a save acknowledged, or on Cancelar.
  'xstate.done.actor.form': async (e) => {
    if (s.calls.queue[0]?.name === 'get')
      await s.calls.settle({ type: 'xstate.done.actor.load', output: asZone(rows[0]) });
    await waitFor(() => within(formDialog()!).getByLabelText(/Nombre/));
    if (!e.output.saved) {
      ui.cancelForm();
      return;
    }
    ui.typeName('Zona Oriente');
    ui.submitForm();
    // 'Agregar' pressed while the list loaded leaves that page's call unanswered before the save.
    await waitFor(() => expect(s.calls.queue.some((c) => SAVE_CALL.test(c.name))).toBe(true));
    await s.calls.settle({ type: 'xstate.done.actor.save', output: {} }, SAVE_CALL);
    await waitFor(() => expect(resultDialog('¡Correcto!')).not.toBeNull());
    await ui.accept();
  },
});

async function expectList(s: Screen, state: string, ctx: GeneratedPath['contexts'][number]) {
  await waitFor(() => {
    const busy = screen.queryAllByLabelText('Cargando').length > 0;
    switch (state) {
      case 'fetching':
        expect(busy).toBe(true);
        expect(screen.queryByText(EMPTY_LIST_MESSAGE)).toBeNull();
        // The screen asked the server what the machine asks (which page is right is the model's oracle).
        expect(s.log.filter((c) => c.name === 'list').at(-1)!.args[0]).toEqual(ctx.request);
        break;
      case 'ready':
        expect(busy).toBe(false);
        expect(within(rowOf('Puerta Norte')).getByText('Residencial Las Palmas')).toBeTruthy();
        expect(rowOf('Puerta Sur')).toBeTruthy();
        expect(screen.getByText(`16 registros · página ${ctx.page + 1} de 2`)).toBeTruthy();
        expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
        expect(formDialog()).toBeNull();
        break;
      case 'empty':
        expect(busy).toBe(false);
        expect(screen.getByText(EMPTY_LIST_MESSAGE)).toBeTruthy();
        expect(screen.queryByRole('table')).toBeNull();
        break;
      case 'error':
        expect(screen.getByText('No fue posible cargar la lista')).toBeTruthy();
        expect(screen.getByText('Error interno del servidor')).toBeTruthy();
        expect(screen.queryByRole('table')).toBeNull();
        break;
      case 'selection':
        expect(within(formDialog()!).getByText(ctx.selected ? 'Editar zona' : 'Agregar zona')).toBeTruthy();
        break;
      case 'confirmDelete':
      case 'deleting': {
        const dialog = resultDialog('¿Seguro que deseas eliminar Puerta Norte?')!;
        expect(dialog).not.toBeNull();
        expect(within(dialog).getByText('No podrás revetir esta acción')).toBeTruthy();
        expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
        if (state === 'deleting') expect(s.log.at(-1)).toEqual({ name: 'remove', args: ['a'] });
        break;
      }
      case 'deleted':
        expect(resultDialog('¡Correcto!')).not.toBeNull();
        expect(screen.getByText('Puerta Norte se eliminó correctamente.')).toBeTruthy();
        break;
      case 'deleteFailed':
        expect(resultDialog('No es posible eliminar')).not.toBeNull();
        expect(screen.getByText('La zona tiene calles.')).toBeTruthy();
        break;
      default:
        throw new Error(`no expectation for ${state}`);
    }
  });
}

describe('Zonas performs the listScreen paths (list pattern; Zonas, delete confirmation)', () => {
  it.each(performable.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const s = await renderZones('admin');
    await expectList(s, 'fetching', { request: { page: 0, size: 15, search: '' } });
    await perform(s, path, listScreenModel.machine, listActions(s), (state, ctx) => expectList(s, state, ctx));
  });

  it('every list state and every transition is performed on the screen (but the ones named above)', () => {
    const c = coverage(listScreenModel, performable);
    expect(c.states.missing).toEqual(['listScreen.acting']);
    expect(c.transitions.missing.every((t) => NOT_ON_ZONAS.some((type) => t.includes(`--${type}-->`)))).toBe(true);
  });
});

// ---------------------------------------------------------------- the form skeleton in the zone modal
const formPaths = transitionPaths(formScreenModel);

async function expectForm(s: Screen, path: GeneratedPath, state: string, ctx: GeneratedPath['contexts'][number]) {
  const edit = path.inputName === 'edit';
  await waitFor(() => {
    const dialog = formDialog();
    switch (state) {
      case 'loading':
        expect(within(dialog!).getByText('Editar zona')).toBeTruthy();
        expect(within(dialog!).getByLabelText('Cargando')).toBeTruthy();
        expect(within(dialog!).queryByLabelText(/Nombre/)).toBeNull();
        break;
      case 'editing':
      case 'invalid':
      case 'submitting':
      case 'failed': {
        expect(within(dialog!).getByText(edit ? 'Editar zona' : 'Agregar zona')).toBeTruthy();
        // While saving, the submit button shows its spinner instead of its text and Cancelar waits.
        if (state === 'submitting') {
          expect(
            within(dialog!)
              .getAllByRole('button')
              .some((b) => b.hasAttribute('data-loading')),
          ).toBe(true);
          expect((within(dialog!).getByRole('button', { name: 'Cancelar' }) as HTMLButtonElement).disabled).toBe(true);
        } else {
          // `hidden: true`: in happy-dom the form's positioner keeps the aria-hidden a closed result
          // dialog put on it (Chromium removes it; the e2e spec reaches this button by role).
          expect(
            within(dialog!).getByRole('button', { name: edit ? 'Actualizar' : 'Registrar', hidden: true }),
          ).toBeTruthy();
        }
        // What the person typed stays in the field, also after a failed save.
        expect((within(dialog!).getByLabelText(/Nombre/) as HTMLInputElement).value).toBe(ctx.values.name);
        if (ctx.errors.name) expect(within(dialog!).getByText(ZONE_NAME_ERROR)).toBeTruthy();
        else expect(within(dialog!).queryByText(ZONE_NAME_ERROR)).toBeNull();
        if (state === 'editing') expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
        if (state === 'invalid') {
          expect(resultDialog('Error')).not.toBeNull();
          expect(screen.getByText('Por favor, corrige los campos indicados.')).toBeTruthy();
        }
        if (state === 'submitting') {
          const trimmed = { name: ctx.values.name.trim() };
          expect(s.log.at(-1)).toEqual(
            edit ? { name: 'update', args: ['a', trimmed] } : { name: 'create', args: [trimmed] },
          );
        }
        if (state === 'failed') {
          expect(resultDialog('Error')).not.toBeNull();
          expect(screen.getByText('La zona ya existe.')).toBeTruthy();
        }
        break;
      }
      case 'succeeded':
        expect(resultDialog('¡Correcto!')).not.toBeNull();
        expect(
          screen.getByText(edit ? 'La zona se actualizó correctamente.' : 'La zona se registró correctamente.'),
        ).toBeTruthy();
        break;
      case 'loadFailed':
        expect(resultDialog('No fue posible cargar el registro')).not.toBeNull();
        expect(screen.getByText('No se encontró el recurso solicitado.')).toBeTruthy();
        break;
      case 'closed':
        expect(dialog).toBeNull();
        expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
        // A save reloads the list; a cancel goes back to the same rows.
        if (ctx.result !== null) expect(s.log.filter((c) => c.name === 'list')).toHaveLength(2);
        else expect(rowOf('Puerta Norte')).toBeTruthy();
        break;
      default:
        throw new Error(`no expectation for ${state}`);
    }
  });
}

describe('the zone modal performs the form paths (Agregar zona / Editar zona, Zone, Registrar / Actualizar)', () => {
  it.each(formPaths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const s = await renderZones('admin');
    await s.calls.settle({ type: 'xstate.done.actor.load', output: pageOf(0, rows.map(asZone)) });
    await waitFor(() => rowOf('Puerta Norte'));
    if (path.inputName === 'edit') ui.edit('Puerta Norte');
    else ui.add();
    if (path.inputName === 'edit') await waitFor(() => expect(s.log.at(-1)).toEqual({ name: 'get', args: ['a'] }));
    await expectForm(s, path, JSON.parse(path.states[0]), contexts(formScreenModel.machine, path)[0]);
    await perform(
      s,
      path,
      formScreenModel.machine,
      {
        'field.change': (e) => ui.typeName(e.value),
        'form.submit': () => ui.submitForm(),
        'form.cancel': () => ui.cancelForm(),
        'dialog.close': () => ui.accept(),
      },
      (state, ctx) => expectForm(s, path, state, ctx),
      formScreenModel,
    );
  });

  it('every form state and transition is performed on the modal', () => {
    const c = coverage(formScreenModel, formPaths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });
});

// ---------------------------------------------------------------- roles
describe('who sees which action on Zonas', () => {
  it('a Capturista (type 2) can add and edit zones but never sees Eliminar', async () => {
    const s = await renderZones('capturista');
    await s.calls.settle({ type: 'xstate.done.actor.load', output: pageOf(0, rows.map(asZone)) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Agregar zona' })).toBeTruthy());
    expect(within(rowOf('Puerta Norte')).getByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });

  it('the community administrator sees Eliminar on every row', async () => {
    const s = await renderZones('admin');
    await s.calls.settle({ type: 'xstate.done.actor.load', output: pageOf(0, rows.map(asZone)) });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Eliminar' })).toHaveLength(2));
    await noDialogs();
  });
});

/**
 * The model tests can fail: each mutation breaks one named transition in a copy of
 * a machine, paths are generated from the broken copy as for the real one, and at least one of
 * them must fail against the spec's expectations of the model. The same paths pass on the real
 * machines (their model specs).
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { listScreenMachine } from '../../../machines/platform/list-screen.machine.js';
import { sessionMachine } from '../../../machines/session/session.machine.js';
import { settingsEditMachine } from '../../../machines/settings/settings-edit.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';
import { failuresOf as failuresUpTo, mutate } from '../../support/mutation.js';
import { listScreenModel } from './list-screen.model.js';
import { downloads, reportFilterModel } from '../reports/report-filter.model.js';
import { sessionModel } from '../session/session.model.js';
import { settingsEditModel } from '../settings/settings-edit.model.js';

/** Every failure of the mutated model's generated paths (the checks below look for one named expectation among them). */
const failuresOf = (
  model: ModelSpec,
  mutated: AnyStateMachine,
  srcs: string[],
  actions: Record<string, unknown> = {},
) => failuresUpTo(model, mutated, srcs, actions, Infinity);

const listSrcs = ['loadPage', 'deleteRow', 'form', 'rowAction'];
const sessionSrcs = ['checkSession', 'signIn', 'switchCommunity', 'signOut'];
const sessionActions = { persistToken: () => undefined, clearStorage: () => undefined, reload: () => undefined };

describe('mutation check: a broken transition fails the spec expectations', () => {
  it('the real machines pass every generated path (the baseline)', async () => {
    expect(await failuresOf(listScreenModel, listScreenMachine, listSrcs)).toEqual([]);
    expect(await failuresOf(sessionModel, sessionMachine, sessionSrcs, sessionActions)).toEqual([]);
  }, 30_000);

  it('a filter change that keeps the page shown instead of asking page 1', async () => {
    const broken = mutate(listScreenMachine, (c) => {
      c.states.ready.on['filter.change'].actions = 'askSame';
    });
    const failures = await failuresOf(listScreenModel, broken, listSrcs);
    expect(failures.join('\n')).toContain('cambiar el filtro pidió la página');
  }, 30_000);

  it('delete without reload: closing the success dialog goes back to the stale list', async () => {
    const broken = mutate(listScreenMachine, (c) => {
      c.states.deleted.on['dialog.close'] = { target: 'ready', actions: 'unselect' };
    });
    const failures = await failuresOf(listScreenModel, broken, listSrcs);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toContain('la fila eliminada ya no está');
  }, 30_000);

  it('paging to the wrong page: the pager asks for the current page instead of the chosen one', async () => {
    // page.go asks what a reload asks: the page shown instead of the one chosen.
    const broken = mutate(listScreenMachine, (c) => {
      c.states.ready.on['page.go'].actions = 'askSame';
    });
    const failures = await failuresOf(listScreenModel, broken, listSrcs);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toContain('Cambiar de página pide la página elegida');
  }, 30_000);

  it('sign-in that keeps the password after a rejection', async () => {
    const broken = mutate(sessionMachine, (c) => {
      delete c.states.signedOut.states.error.entry;
    });
    const failures = await failuresOf(sessionModel, broken, sessionSrcs, sessionActions);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toContain('los campos de correo y contraseña quedan vacíos');
  });

  it('report filters searched without checking the ranges: a half range reaches the server', async () => {
    // validating applies whatever the form holds.
    const broken = mutate(reportFilterModel.machine, (c) => {
      c.states.filters.states.validating.always = [{ target: 'editing', actions: ['apply', 'tellList'] }];
    });
    downloads.length = 0;
    const failures = await failuresOf(reportFilterModel, broken, ['loadOptions']);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toContain('búsquedas válidas');
  }, 30_000);

  it("'Cancelar' in Ajustes that keeps the edits instead of restoring what was loaded", async () => {
    const broken = mutate(settingsEditMachine, (c) => {
      delete c.states.editing.on['settings.cancel'].actions;
    });
    const failures = await failuresOf(settingsEditModel, broken, ['loadSettings', 'saveSettings']);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toContain("Solo lectura hasta 'Editar'; lo mostrado es lo cargado");
  }, 30_000);
});

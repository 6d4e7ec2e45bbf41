import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { eventActionsMachine, type ServerAction } from '../../../machines/massive-events/event-actions.machine.js';
import { eventsPage } from '../../../src/shared/massive-events/massive-event-list.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { downloadFailed, eventActionsModel, eventRows } from './event-actions.model.js';

const paths = generatePaths(eventActionsModel);

describe('eventActions machine (action rules, selection rules, messages)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(eventActionsModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const opened: string[] = [];
    const returned: string[] = [];
    const run = await runOnActor(
      eventActionsMachine,
      path,
      ['runAction', 'invitationDownload'],
      {
        openEditor: (_: unknown, p: { path: string }) => {
          opened.push(p.path);
        },
        returnTo: (_: unknown, p: { path: string }) => {
          returned.push(p.path);
        },
        reloadList: () => undefined,
      },
      eventActionsModel,
    );
    expect(run.seen).toEqual(path.states);
    // A download is requested only for one Próximo or En curso event; refused statuses never request.
    // biome-ignore lint/suspicious/noExplicitAny: the recorded input of the download child, read for its target only
    const downloads = run.calls.filter((c) => c.src === 'invitationDownload').map((c) => (c.input as any).target);
    for (const target of downloads) expect(['e1', 'e4']).toContain(target.uuid);
    // A failed download (its dialog closed by the child) goes back to /massiveEvents; a saved one stays.
    const failures = path.events.filter(
      (e) => e.type === 'xstate.done.actor.invitationDownload' && e.output.returnTo,
    ).length;
    expect(returned).toEqual(Array(failures).fill('/massiveEvents'));
    // Edit goes to ./create?token={id}, only for one Próximo or Incompleto event.
    const edits = path.events.filter((e) => e.type === 'action' && e.action === 'edit').length;
    if (!edits) expect(opened).toEqual([]);
    for (const url of opened) expect(url).toMatch(/^\/create\?token=e[15]$/);
  });

  it('a success, once acknowledged, asks the list to reload with nothing ticked', async () => {
    const sent: string[] = [];
    const actor = createActor(
      eventActionsMachine.provide({
        actors: { runAction: fromPromise<unknown, { action: ServerAction; uuid: string }>(async () => 'ok') },
        actions: {
          reloadList: () => {
            sent.push('list.reload');
          },
        },
      }),
    );
    actor.start();
    actor.send({ type: 'select.toggle', row: eventRows.terminado });
    actor.send({ type: 'action', action: 'delete' });
    actor.send({ type: 'confirm' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.dialog?.detail).toBe('Evento eliminado correctamente');
    actor.send({ type: 'dialog.close' });
    expect(sent).toEqual(['list.reload']);
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });
});

describe("'Descargar invitaciones' on the list", () => {
  const run = (row: (typeof eventRows)[keyof typeof eventRows]) => {
    const targets: unknown[] = [];
    const actor = createActor(
      eventActionsMachine.provide({
        actors: {
          invitationDownload: fromPromise(async ({ input }) => {
            targets.push((input as { target: unknown }).target);
            return downloadFailed;
          }) as never,
        },
        actions: { returnTo: () => undefined, reloadList: () => undefined },
      }),
    );
    actor.start();
    actor.send({ type: 'select.toggle', row });
    actor.send({ type: 'action', action: 'download' });
    return { actor, targets };
  };

  it.each([eventRows.terminado, eventRows.incompleto, eventRows.cancelado])(
    'an event %s is refused without requesting anything',
    (row) => {
      const { actor, targets } = run(row);
      expect(targets).toEqual([]);
      expect(actor.getSnapshot().context.dialog?.title).toBe('No se puede realizar la siguiente acción');
    },
  );

  it('a Próximo event requests its invitations by the event id', () => {
    const { targets } = run(eventRows.proximo);
    expect(targets).toEqual([{ kind: 'event', uuid: 'e1' }]);
  });
});

describe('the events list page (10 per page, search, sort)', () => {
  const event = (i: number, title: string, start: string, status = 'Próximo') =>
    [
      {
        uuid: `u${i}`,
        title,
        additionalInformation: '',
        startDate: start,
        endDate: start.replace(/T(\d\d)/, (_m, h) => `T${String((Number(h) + 12) % 24).padStart(2, '0')}`),
        status,
        version: 1,
        commonArea: null,
        resident: { uuid: 'r', firstName: 'A', lastName: 'B', street: 'C', number: '1' },
        backgroundColor: null,
        foregroundColor: null,
        backgroundImage: null,
        profile: null,
      },
      i,
    ] as never;
  const pairs = Array.from({ length: 23 }, (_, i) =>
    event(i, `Evento ${String(i).padStart(2, '0')}`, `2099-01-${String(i + 1).padStart(2, '0')}T10:00:00`),
  );

  it('pages of 10; the last page holds the rest', () => {
    const first = eventsPage(pairs, { page: 0, search: '' });
    expect(first.content).toHaveLength(10);
    expect(first.totalPages).toBe(3);
    expect(eventsPage(pairs, { page: 2, search: '' }).content).toHaveLength(3);
  });

  it('the search ignores accents and case; the sort orders by name, date or guests', () => {
    const mixed = [event(1, 'Reunión de vecinos', '2099-02-01T09:00:00'), event(2, 'Posada', '2099-01-01T20:00:00')];
    expect(eventsPage(mixed, { page: 0, search: 'REUNION' }).content.map((r) => r.name)).toEqual([
      'Reunión de vecinos',
    ]);
    expect(eventsPage(mixed, { page: 0, search: '', sort: 'name' }).content.map((r) => r.name)).toEqual([
      'Posada',
      'Reunión de vecinos',
    ]);
    expect(eventsPage(mixed, { page: 0, search: '', sort: 'dateDesc' }).content.map((r) => r.name)).toEqual([
      'Reunión de vecinos',
      'Posada',
    ]);
    expect(eventsPage(mixed, { page: 0, search: '', sort: 'guests' }).content.map((r) => r.guests)).toEqual([2, 1]);
  });

  it('the status shown is the computed one: a past Próximo shows Terminado, a past Cancelado stays', () => {
    const past = [event(1, 'Ayer', '2020-01-01T10:00:00'), event(2, 'Cancelado', '2020-01-01T10:00:00', 'Cancelado')];
    expect(eventsPage(past, { page: 0, search: '', sort: 'name' }).content.map((r) => r.status)).toEqual([
      'Terminado',
      'Cancelado',
    ]);
  });
});

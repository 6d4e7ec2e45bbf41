import { describe, expect, it } from 'vitest';
import { guestActionsMachine } from '../../../machines/massive-events/guest-actions.machine.js';
import { guestsPage } from '../../../src/shared/massive-events/massive-event-list.js';
import { pageWindow } from '../../../src/shared/platform/pagination.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { guestActionsModel } from './guest-actions.model.js';

const paths = generatePaths(guestActionsModel);

describe('guestActions machine (select all, selection rules)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(guestActionsModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    // biome-ignore lint/suspicious/noExplicitAny: what the screen was asked, recorded as it came
    const asked: any[] = [];
    const reloads: number[] = [];
    const returned: string[] = [];
    const run = await runOnActor(
      guestActionsMachine,
      path,
      ['guestImport', 'invitationDownload', 'invitationShare'],
      {
        reloadList: () => {
          reloads.push(1);
        },
        openAdd: () => {
          asked.push('row.add');
        },
        // biome-ignore lint/suspicious/noExplicitAny: a provided action receives the machine's own arguments
        openEdit: ({ context }: any) => {
          asked.push(['row.edit', context.selected[0].uuid]);
        },
        // biome-ignore lint/suspicious/noExplicitAny: a provided action receives the machine's own arguments
        askDelete: ({ context }: any) => {
          asked.push(['row.delete', context.selected[0].uuid]);
        },
        returnTo: (_: unknown, p: { path: string }) => {
          returned.push(p.path);
        },
      },
      guestActionsModel,
    );
    expect(run.seen).toEqual(path.states);
    // Edit and delete ask the list only with exactly one guest ticked; add always; download and share with one or more.
    for (const a of asked) if (Array.isArray(a)) expect(a[1]).toMatch(/^g[12]$/);
    // biome-ignore lint/suspicious/noExplicitAny: the recorded input of the download child, read for its target only
    const downloads = run.calls.filter((c) => c.src === 'invitationDownload').map((c) => (c.input as any).target);
    for (const d of downloads) expect(d.uuids.length).toBeGreaterThan(0);
    // biome-ignore lint/suspicious/noExplicitAny: the recorded input of the share child, read for its guests only
    const shares = run.calls.filter((c) => c.src === 'invitationShare').map((c) => (c.input as any).guests);
    for (const g of shares) expect(g.length).toBeGreaterThan(0);
    // A failed download (the screen's or the import's) goes back to /massiveEvents, nothing else does.
    const failures = path.events.filter((e) => e.type.startsWith('xstate.done.actor.') && e.output.returnTo).length;
    expect(returned).toEqual(Array(failures).fill('/massiveEvents'));
    // The list reloads after an import only when it created guests (and stays).
    const createdImports = path.events.filter(
      (e) => e.type === 'xstate.done.actor.guestImport' && e.output.created.length > 0 && !e.output.returnTo,
    ).length;
    expect(reloads).toHaveLength(createdImports);
  });
});

describe('the guests page (15 per page, 6 page links)', () => {
  const guests = Array.from({ length: 100 }, (_, i) => ({
    uuid: `g${i}`,
    firstName: i === 7 ? 'José' : `Invitado${i}`,
    lastName: 'Ruiz',
    email: '',
    phone: '',
  }));
  it('15 a page; 7 pages; a window of 6 page links', () => {
    const page = guestsPage(guests, { page: 0, size: 15, search: '' });
    expect(page.content).toHaveLength(15);
    expect(page.totalPages).toBe(7);
    expect(pageWindow(3, page.totalPages, 6)).toHaveLength(6);
  });
  it("'Buscar invitado' ignores accents and case", () => {
    expect(guestsPage(guests, { page: 0, size: 15, search: 'jose ruiz' }).content.map((g) => g.name)).toEqual([
      'José Ruiz',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { dashboardMachine } from '../../../machines/dashboard/dashboard.machine.js';
import {
  applyVisitIn,
  applyVisitOut,
  dailyAverages,
  dashboardOf,
  formatCount,
  licenceCardsOf,
  monthOf,
  remainingLicenses,
  visitCardsOf,
} from '../../../src/shared/dashboard/dashboard-counters.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import {
  dashboardModel,
  exitEvent,
  COMMUNITY_UUID,
  lateManualEntry,
  OTHER_COMMUNITY,
  qrEntry,
  statsResponses,
} from './dashboard.model.js';

const paths = generatePaths(dashboardModel);

/** The socket replaced by a fake: records which community each dashboard subscribed to. */
function withFakeSocket() {
  const subscribed: string[] = [];
  const stopped: string[] = [];
  const machine = dashboardMachine.provide({
    actors: {
      liveVisits: fromCallback<AnyEventObject, { communityUuid: string }>(({ input }) => {
        subscribed.push(input.communityUuid);
        return () => {
          stopped.push(input.communityUuid);
        };
      }),
    },
  });
  return { machine, subscribed, stopped };
}

describe('dashboard machine (/home, live counters, calls)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(dashboardModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const fake = withFakeSocket();
    const run = await runOnActor(fake.machine, path, ['loadLicences', 'loadVisitStats'], {}, dashboardModel);
    expect(run.seen).toEqual(path.states);
    const ctx = run.snapshot.context;
    expect(ctx).toEqual(path.final.context);
    // Integrators call only the licence dashboard; the others the five statistics calls.
    const input = path.input as { view: string; communityUuid: string | null };
    expect(new Set(run.calls.map((c) => c.src))).toEqual(
      new Set(input.view === 'licences' ? ['loadLicences'] : ['loadVisitStats']),
    );
    if (ctx.licences) expect(licenceCardsOf(ctx.licences).map((c) => c.value)).toEqual([400, 250, 150]);
    // Only a dashboard with a community subscribes, and only to that community.
    const reachedStats = path.events.some((e) => e.type === 'xstate.done.actor.visits');
    expect(fake.subscribed).toEqual(reachedStats && input.communityUuid ? [COMMUNITY_UUID] : []);
    if (ctx.visits) {
      // The counting rules: V_IN adds an entry, its mode, an active visitor and its month; V_OUT an exit, one fewer active.
      const ins = path.events.filter((e) => e.type === 'visit.in').map((e) => e.event);
      const outs = path.events.filter((e) => e.type === 'visit.out').length;
      const base = statsResponses.summary;
      expect(ctx.visits.entryCount).toBe(base.entryCount + ins.length);
      expect(ctx.visits.exitCount).toBe(base.exitCount + outs);
      expect(ctx.visits.activeCount).toBe(base.activeCount + ins.length - outs);
      expect(ctx.visits.qrEntryCount).toBe(900 + ins.filter((e) => e.accessMode === 'QR').length);
      expect(ctx.visits.manualEntryCount).toBe(334 + ins.filter((e) => e.accessMode === 'MANUAL').length);
      // March gets the QR entry; the manual one fell on 31 Dec 2025 in Mexico, outside the charts' year.
      const marchIns = ins.filter((e) => e.uuid === qrEntry.uuid).length;
      expect(ctx.visits.monthly).toEqual([401, 402, 403 + marchIns, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
      expect(dailyAverages(ctx.visits)[2]).toBe(Math.round(((403 + marchIns) / 15) * 100) / 100);
    }
    if (path.events.at(-1)?.type === 'live.status') expect(ctx.live).toBe(path.events.at(-1)!.status);
  });

  it("another community's visits do not move the counters", async () => {
    const fake = withFakeSocket();
    const actor = createActor(
      fake.machine.provide({ actors: { loadVisitStats: fromPromise(async () => statsResponses) } }),
      { input: { view: 'visits', communityUuid: COMMUNITY_UUID } },
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    const before = actor.getSnapshot().context.visits;
    actor.send({ type: 'visit.in', event: { ...qrEntry, fracUuid: OTHER_COMMUNITY } });
    actor.send({ type: 'visit.out', event: { ...exitEvent, fracUuid: OTHER_COMMUNITY } });
    expect(actor.getSnapshot().context.visits).toEqual(before);
    actor.stop();
    expect(fake.stopped).toEqual([COMMUNITY_UUID]);
  });

  it('cards in the spec order, licences remaining = total - used, en-US thousands, months on the Mexico clock', () => {
    const d = dashboardOf(statsResponses);
    expect(visitCardsOf(d)).toEqual([
      { label: 'Total de licencias', value: 150 },
      { label: 'Licencias usadas', value: 5 },
      { label: 'Licencias restantes', value: 145 },
      { label: 'Residentes registrados', value: 5 },
      { label: 'Entradas registradas', value: 1234 },
      { label: 'Salidas registradas', value: 1200 },
      { label: 'Visitantes activos', value: 34 },
    ]);
    expect(remainingLicenses({ assignedLicenses: 10, usedLicenses: 12 })).toBe(-2);
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(13.4)).toBe('13.4');
    expect(monthOf(lateManualEntry.at)).toEqual({ year: 2025, month: 12 });
    expect(monthOf('no es fecha')).toBeNull();
    // A V_OUT never takes active visitors below zero.
    expect(applyVisitOut({ ...d, activeCount: 0 }).activeCount).toBe(0);
    expect(applyVisitIn(d, { ...qrEntry, at: 'mal' }).monthly).toEqual(d.monthly);
    expect(licenceCardsOf([400, 250, 150]).map((c) => c.label)).toEqual([
      'Total de licencias disponibles',
      'Licencias asignadas',
      'Licencias disponibles',
    ]);
  });
});

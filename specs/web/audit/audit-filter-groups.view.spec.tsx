/**
 * 'Auditoría': the action filter groups the actions by what they are about, so one is found among
 * a hundred; the filter still sends the action itself. The 'Cambios' column names fields in Spanish.
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_GROUPS,
  auditActionNames,
  describeChanges,
} from '../../../src/shared/audit/audit-actions.js';
import type { Role } from '../../../src/shared/platform/roles.js';
import { AuditReport } from '../../../src/web/views/audit/audit.view.js';

afterEach(() => {
  cleanup();
});

/** The general administrator (who also picks a community). */
const GENERAL_ADMIN: Role = 'generalAdmin';

function renderAudit() {
  const events = vi.fn(async () => ({ content: [], totalElements: 0, totalPages: 0, page: 0, size: 15 }));
  render(
    <ChakraProvider value={defaultSystem}>
      <AuditReport role={GENERAL_ADMIN} api={{ events, communities: async () => [] }} today="2026-11-25" />
    </ChakraProvider>,
  );
  return events;
}

describe('the action filter, grouped', () => {
  it('every action is in exactly one group', () => {
    const entityOf = (action: string) => action.split('.')[0]!;
    for (const action of auditActionNames) {
      const holding = AUDIT_ACTION_GROUPS.filter((g) => g.entities.includes(entityOf(action)));
      expect(
        holding.map((g) => g.label),
        action,
      ).toHaveLength(1);
    }
  });

  it('shows the actions under their groups, each once, and filters by the action chosen in a group', async () => {
    const events = renderAudit();
    await waitFor(() => expect(events).toHaveBeenCalledTimes(1));
    const picker = screen.getByLabelText('Acción') as HTMLSelectElement;
    const groups = [...picker.querySelectorAll('optgroup')];
    expect(groups.map((g) => g.label)).toEqual(AUDIT_ACTION_GROUPS.map((g) => g.label));
    const grouped = groups.flatMap((g) => [...g.querySelectorAll('option')].map((o) => o.value));
    expect([...grouped].sort()).toEqual([...auditActionNames].sort());
    const eventGroup = groups.find((g) => g.label === 'Eventos masivos')!;
    expect([...eventGroup.querySelectorAll('option')].map((o) => o.text)).toEqual([
      AUDIT_ACTIONS['massiveEvent.create'],
      AUDIT_ACTIONS['massiveEvent.update'],
      AUDIT_ACTIONS['massiveEvent.delete'],
      AUDIT_ACTIONS['massiveEventGuest.create'],
      AUDIT_ACTIONS['massiveEventGuest.update'],
      AUDIT_ACTIONS['massiveEventGuest.delete'],
    ]);
    // 'Todas' stays first, outside the groups.
    expect(picker.options[0]!.text).toBe('Todas');
    fireEvent.change(picker, { target: { value: 'color.create' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(events).toHaveBeenCalledTimes(2));
    expect(events.mock.calls[1]).toEqual([{ action: 'color.create' }, 0]);
  });
});

describe("the 'Cambios' column names stored columns in Spanish", () => {
  it('a notice image, a community logo and a worker photo are named, not shown as columns', () => {
    expect(
      describeChanges({
        file_id: { from: null, to: 12 },
        logo_file_id: { from: 3, to: 4 },
        photo_file_id: { from: null, to: 9 },
      }),
    ).toEqual(['Imagen: (vacío) → 12', 'Logo: 3 → 4', 'Foto: (vacío) → 9']);
  });
});

import { Stack, Text } from '@chakra-ui/react';
import { AUDIT_ACTIONS, auditActionLabel, describeActor, describeChanges } from '../../../shared/audit-actions.js';
import { formatReportDateTime } from '../../../shared/report-rules.js';
import { AUDIT_RANGES } from '../../../shared/schemas/audit.schema.js';
import { auditApi, type AuditApi, type AuditRow } from '../../api/audit.api.js';
import type { Column } from '../../components/list/data-table.js';
import type { ReportField } from '../reports/report-filters-form.js';
import { ReportScreen } from '../reports/report-screen.js';

export const AuditTexts = {
  title: 'Auditoría',
  caption: 'Bitácora de auditoría',
} as const;

/** Filters: who (email or device, contains), what (an action), when (a range of local dates). */
export const auditFields: ReportField[] = [
  { name: 'actor', label: 'Usuario o dispositivo', kind: 'text' },
  {
    name: 'action', label: 'Acción', kind: 'select', placeholder: 'Todas',
    choices: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
  },
  { name: 'from', label: 'Desde', kind: 'date' },
  { name: 'to', label: 'Hasta', kind: 'date' },
];

const columns: Column<AuditRow>[] = [
  { header: 'Fecha', cell: (r) => <Text as="span" whiteSpace="nowrap">{formatReportDateTime(r.occurredAt)}</Text> },
  { header: 'Quién', cell: (r) => describeActor(r) },
  { header: 'Acción', cell: (r) => auditActionLabel(r.action) },
  { header: 'Fraccionamiento', cell: (r) => r.community?.name ?? '—' },
  {
    header: 'Cambios',
    cell: (r) => {
      const lines = describeChanges(r.changes);
      return lines.length ? <Stack gap="0">{lines.map((l) => <Text key={l} as="span" fontSize="sm">{l}</Text>)}</Stack> : '';
    },
  },
  { header: 'Dirección', cell: (r) => r.address ?? '' },
];

/** 'Auditoría' (issue 16 §6): the trail of the community, or of every community for the general administrator. */
export function AuditView({ api = auditApi, today }: { api?: Pick<AuditApi, 'events'>; today?: string }) {
  return (
    <ReportScreen<AuditRow>
      title={AuditTexts.title}
      caption={AuditTexts.caption}
      fields={auditFields}
      ranges={AUDIT_RANGES}
      columns={columns}
      loadPage={api.events}
      loadOptions={async () => ({})}
      today={today}
    />
  );
}

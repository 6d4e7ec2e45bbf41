import { Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReportOption } from '../../../../machines/reports/report-filter.machine.js';
import {
  AUDIT_ACTIONS,
  auditActionGroups,
  auditActionLabel,
  describeActor,
  describeChanges,
} from '../../../shared/audit/audit-actions.js';
import { AUDIT_ALL_COMMUNITIES_ROLES } from '../../../shared/platform/menu.js';
import type { Role } from '../../../shared/platform/roles.js';
import { formatReportDateTime } from '../../../shared/reports/report-rules.js';
import { AUDIT_RANGES } from '../../../shared/audit/audit.schema.js';
import { auditApi, type AuditApi, type AuditRow } from './audit.api.js';
import type { Column } from '../../platform/components/list/data-table.js';
import type { ReportField } from '../reports/report-filters-form.js';
import { ReportScreen } from '../reports/report-screen.js';
import { useSessionUser } from '../session/session-context.js';

export const AuditTexts = {
  title: 'Auditoría',
  caption: 'Bitácora de auditoría',
} as const;

/** Filters: who (email or device, contains), what (an action), when (a range of local dates). */
export const auditFields: ReportField[] = [
  { name: 'actor', label: 'Usuario o dispositivo', kind: 'text' },
  {
    name: 'action',
    label: 'Acción',
    kind: 'select',
    placeholder: 'Todas',
    // Grouped by what the action is about; the filter's value is still the action.
    groups: auditActionGroups().map((group) => ({
      label: group.label,
      choices: group.actions.map((value) => ({ value, label: AUDIT_ACTIONS[value] })),
    })),
  },
  { name: 'from', label: 'Desde', kind: 'date' },
  { name: 'to', label: 'Hasta', kind: 'date' },
];

/** The general administrator also narrows the trail to one community; an administrator reads their own only. */
const communityField: ReportField = {
  name: 'community',
  label: 'Fraccionamiento',
  kind: 'select',
  placeholder: 'Todos',
};
const spansCommunities = (role: Role) => AUDIT_ALL_COMMUNITIES_ROLES.includes(role);
export const auditFieldsFor = (role: Role): ReportField[] =>
  spansCommunities(role) ? [communityField, ...auditFields] : auditFields;

const columns: Column<AuditRow>[] = [
  {
    header: 'Fecha',
    cell: (r) => (
      <Text as="span" whiteSpace="nowrap">
        {formatReportDateTime(r.occurredAt)}
      </Text>
    ),
  },
  { header: 'Quién', cell: (r) => describeActor(r) },
  { header: 'Acción', cell: (r) => auditActionLabel(r.action) },
  { header: 'Fraccionamiento', cell: (r) => r.community?.name ?? '—' },
  {
    header: 'Cambios',
    cell: (r) => {
      const lines = describeChanges(r.changes);
      return lines.length ? (
        <Stack gap="0">
          {lines.map((l) => (
            <Text key={l} as="span" fontSize="sm">
              {l}
            </Text>
          ))}
        </Stack>
      ) : (
        ''
      );
    },
  },
  { header: 'Dirección', cell: (r) => r.address ?? '' },
];

/** 'Auditoría' for the signed-in user: the trail of their community, or of every community for the general administrator. */
export function AuditView() {
  const user = useSessionUser();
  if (!user) return <Spinner role="status" color="teal.600" aria-label="Cargando" />;
  return <AuditReport role={user.roleKey} />;
}

/** The trail's report screen for a role. */
export function AuditReport({
  role,
  api = auditApi,
  today,
}: {
  role: Role;
  api?: Pick<AuditApi, 'events' | 'communities'>;
  today?: string;
}) {
  const loadOptions = async (): Promise<Record<string, ReportOption[]>> =>
    spansCommunities(role)
      ? { community: (await api.communities()).map((c) => ({ value: c.uuid, label: c.name })) }
      : {};
  return (
    <ReportScreen<AuditRow>
      title={AuditTexts.title}
      caption={AuditTexts.caption}
      fields={auditFieldsFor(role)}
      ranges={AUDIT_RANGES}
      columns={columns}
      loadPage={api.events}
      loadOptions={loadOptions}
      today={today}
    />
  );
}

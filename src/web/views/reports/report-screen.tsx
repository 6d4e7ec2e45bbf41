import { Button, Flex, Heading, Progress, Spinner, Stack } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise, type ActorRefFrom, type CallbackActorLogic } from 'xstate';
import { listScreenMachine, type ListRow, type LoadInput } from '../../../../machines/platform/list-screen.machine.js';
import {
  reportFilterMachine,
  type DownloadReport,
  type ReportFilters,
  type ReportOption,
} from '../../../../machines/reports/report-filter.machine.js';
import type { Page } from '../../../shared/platform/api-types.js';
import { formatBytes, localToday, ReportTexts } from '../../../shared/reports/report-rules.js';
import type { Column } from '../../platform/components/list/data-table.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';
import { inspected } from '../../inspector.js';
import { ReportFiltersForm, type ReportField } from './report-filters-form.js';
import { ReportResults } from './report-results.js';

export interface ReportScreenProps<Row extends ListRow> {
  title: string;
  caption: string;
  fields: ReportField[];
  ranges: readonly (readonly [string, string])[];
  columns: Column<Row>[];
  /** A page of rows for the applied filters (0-based page). */
  loadPage: (filters: ReportFilters, page: number) => Promise<Page<Row>>;
  /** The selects' choices by filter name. */
  loadOptions: () => Promise<Record<string, ReportOption[]>>;
  /** The workbook's download child (src/web/views/reports/report-export.api.ts); without it the screen offers no export. */
  download?: CallbackActorLogic<DownloadReport, { filters: ReportFilters }>;
  /** The community's date today; the local one by default. */
  today?: string;
}

/** The filters the list asks with (page, size and search aside), empty ones left out. */
const filtersOf = ({ page: _p, size: _s, search: _q, ...filters }: LoadInput) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => typeof v === 'string' && v !== '')) as ReportFilters;

/**
 * A report screen: the filter form, the results (the list child of the report
 * machine: rows, pager, empty and error faces), 'Exportar a Excel' with its progress, the alert of
 * a bad range and the export's dialogs. The page stays usable while the workbook downloads.
 */
export function ReportScreen<Row extends ListRow>(props: ReportScreenProps<Row>) {
  const { loadPage, loadOptions, download } = props;
  const today = props.today ?? localToday();
  // Made once per mount: useMachine keeps the logic it starts with, and useState's initializer is what React runs once.
  const [logic] = useState(() =>
    reportFilterMachine.provide({
      actors: {
        list: listScreenMachine.provide({
          actors: {
            loadPage: fromPromise(({ input }) => loadPage(filtersOf(input), input.page) as Promise<Page<ListRow>>),
          },
        }),
        ...(download ? { downloadReport: download } : {}),
        loadOptions: fromPromise(() => loadOptions()),
      },
    }),
  );
  const [state, send] = useMachine(
    logic,
    inspected({ input: { today, fields: props.fields.map((f) => f.name), ranges: props.ranges } }),
  );
  const ctx = state.context;
  const list = state.children.list as ActorRefFrom<typeof listScreenMachine> | undefined;
  const running = state.matches({ export: 'running' });
  const downloading = state.matches({ export: { running: 'downloading' } });

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size="xl">
          {props.title}
        </Heading>
        {download ? (
          <Button
            colorPalette="teal"
            variant="outline"
            loading={running}
            loadingText={ReportTexts.export}
            onClick={() => send({ type: 'export.start' })}
          >
            {ReportTexts.export}
          </Button>
        ) : null}
      </Flex>
      {running ? (
        <Progress.Root value={null} colorPalette="teal" aria-label="Progreso de la exportación" maxW="md">
          <Progress.Label mb="1">
            {downloading ? `${ReportTexts.downloading}: ${formatBytes(ctx.received)}` : ReportTexts.exporting}
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      <ReportFiltersForm
        fields={props.fields}
        draft={ctx.draft}
        problems={ctx.problems}
        options={ctx.options}
        today={today}
        onEdit={(name, value) => send({ type: 'filter.edit', name, value })}
        onApply={() => send({ type: 'filters.apply' })}
        onClear={() => send({ type: 'filters.clear' })}
      />
      {list ? (
        <ReportResults list={list} caption={props.caption} columns={props.columns} />
      ) : (
        <Spinner role="status" aria-label="Cargando" />
      )}
      <ResultDialog
        open={state.matches({ filters: 'invalid' })}
        status="error"
        title={ctx.alert ?? ''}
        onClose={() => send({ type: 'alert.close' })}
      />
      <ResultDialog
        open={state.matches({ export: 'done' })}
        status="success"
        title={ReportTexts.doneTitle}
        detail={ctx.savedFile ? ReportTexts.saved(ctx.savedFile) : null}
        onClose={() => send({ type: 'dialog.close' })}
      />
      <ResultDialog
        open={state.matches({ export: 'failed' })}
        status="error"
        title={ReportTexts.errorTitle}
        detail={ctx.exportError}
        onClose={() => send({ type: 'dialog.close' })}
      />
    </Stack>
  );
}

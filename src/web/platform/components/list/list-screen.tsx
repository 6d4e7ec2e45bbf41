import { Alert, Button, Checkbox, Flex, Heading, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import { fromPromise, type AnyActorLogic, type AnyActorRef } from 'xstate';
import {
  listScreenMachine,
  rowChildId,
  type ListFilters,
  type ListMemory,
  type ListRow,
  type LoadInput,
} from '../../../../../machines/platform/list-screen.machine.js';
import type { Page } from '../../../../shared/platform/api-types.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { ResultDialog } from '../result-dialog.js';
import { DataTable, type Column } from './data-table.js';
import { Pager } from './pager.js';
import { SearchBox } from './search-box.js';
import { inspected } from '../../../inspector.js';

export const EMPTY_LIST_MESSAGE = 'No se encontro algún registro con los datos ingresados.';

/** A column whose cell may read the row's own child (`rowChild`), when the screen gives one. */
export interface ListColumn<Row> extends Omit<Column<Row>, 'cell'> {
  cell: (row: Row, child?: AnyActorRef) => ReactNode;
}

export interface ListScreenProps<Row extends ListRow> {
  title: string;
  tableCaption?: string;
  searchPlaceholder: string;
  columns: ListColumn<Row>[];
  loadPage: (input: LoadInput) => Promise<Page<Row>>;
  /** Omit to offer no deletion (e.g. a Capturista never sees a delete button). */
  deleteRow?: (row: Row) => Promise<unknown>;
  /** Name shown in '¿Seguro que deseas eliminar {name}?'. */
  rowName: (row: Row) => string;
  addLabel?: string;
  canEdit?: boolean;
  /**
   * The add/edit form machine the list invokes as its child (the form skeleton with the
   * screen's rules and calls); the list hears when it ends and reloads if it saved.
   */
  form?: AnyActorLogic;
  /** The form's dialog over the list, bound to the running child. */
  renderForm?: (selected: Row | null, form: AnyActorRef) => ReactNode;
  /** Extra row buttons beside Editar / Eliminar; `act()` starts the screen's row action on that row; `child` is the row's own child, if any. */
  rowActions?: (row: Row, act: () => void, child?: AnyActorRef) => ReactNode;
  /** A row's own action machine (enable/disable…), invoked by the list as a child; it reloads when it changed the row. */
  rowAction?: AnyActorLogic;
  /** The row action's dialogs, bound to the running child. */
  renderRowAction?: (row: Row, action: AnyActorRef) => ReactNode;
  pageWindow?: number;
  blockEnter?: boolean;
  /** Controls above the table (filters, extra buttons). */
  toolbar?: ReactNode;
  /** Per-row offers (e.g. only the users whose type the caller manages); all rows by default. */
  canEditRow?: (row: Row) => boolean;
  canDeleteRow?: (row: Row) => boolean;
  /** The success text after a delete ('¡Dispositivo eliminado correctamente!'); '{name} se eliminó correctamente.' by default. */
  deletedText?: (row: Row) => string;
  /** Title of the failed-delete dialog; 'No es posible eliminar' by default. */
  deleteErrorTitle?: string;
  /** Checkbox filters beside the search ('Residentes activados' → `useApp`); each change asks page 1. */
  checkFilters?: { name: string; label: string }[];
  /** Dropdown filters beside the search ('Buscar por', status, type); '' is all. Each change asks page 1. */
  selectFilters?: { name: string; label: string; options: { value: string; label: string }[]; all?: string }[];
  /** Where the list stood last time (page, search, filters), and where to keep it after each page. */
  memory?: { read: () => ListMemory | null; write: (memory: ListMemory) => void };
  /** A machine each shown row gets as its own child (`{ row }` input); columns read it as `cell(row, child)`. */
  rowChild?: AnyActorLogic;
  /** The toolbar's own machine (selection and actions), spawned once by the list; it asks the list to reload after a change. */
  toolbarChild?: AnyActorLogic;
  /** The toolbar's buttons and dialogs, bound to the toolbar child (shown above the table). */
  renderToolbar?: (toolbar: AnyActorRef, rows: Row[]) => ReactNode;
  /** The table's columns may read the toolbar child too (a selection checkbox). */
  toolbarColumns?: (toolbar: AnyActorRef) => ListColumn<Row>[];
  /** Rows shown otherwise than as the table (the guests' cards); they may read the toolbar child. */
  renderRows?: (rows: Row[], toolbar?: AnyActorRef) => ReactNode;
  /** Rows a page (15 by default, the list machine's). */
  pageSize?: number;
  /** The delete confirmation's second line. */
  deleteDetail?: string;
  /** Live updates (a callback actor that reports 'list.reload' when the rows changed elsewhere). */
  live?: AnyActorLogic;
}

/** The list pattern as a screen: title, search, add, table, pager, delete with confirmation. */
export function ListScreen<Row extends ListRow>(props: ListScreenProps<Row>) {
  const { title, columns, loadPage, deleteRow, rowName, renderForm, canEdit = true } = props;
  const [state, send] = useMachine(
    listScreenMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }) => loadPage(input) as Promise<Page<ListRow>>),
        deleteRow: fromPromise(async ({ input }) => {
          await deleteRow?.(input.row as Row);
        }),
        ...(props.form ? { form: props.form } : {}),
        ...(props.rowAction ? { rowAction: props.rowAction } : {}),
        ...(props.rowChild ? { rowChild: props.rowChild } : {}),
        ...(props.toolbarChild ? { toolbar: props.toolbarChild } : {}),
        ...(props.live ? { live: props.live } : {}),
      },
      actions: { remember: (_, memory) => props.memory?.write(memory) },
    }),
    inspected({
      input: {
        restore: props.memory?.read(),
        filters: Object.fromEntries([
          ...(props.checkFilters ?? []).map((f) => [f.name, false]),
          ...(props.selectFilters ?? []).map((f) => [f.name, '']),
        ]) as ListFilters,
        rowChildren: Boolean(props.rowChild),
        toolbar: Boolean(props.toolbarChild),
        ...(props.pageSize ? { size: props.pageSize } : {}),
      },
    }),
  );
  const toolbarRef = state.children.toolbar as AnyActorRef | undefined;
  const shownColumns = toolbarRef && props.toolbarColumns ? [...props.toolbarColumns(toolbarRef), ...columns] : columns;
  const ctx = state.context;
  const rows = ctx.rows as Row[];
  const busy = state.matches('fetching');
  const selected = ctx.selected as Row | null;
  const reload = () => send({ type: 'list.reload' });

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {renderForm && props.addLabel ? (
          <Button colorPalette="teal" onClick={() => send({ type: 'row.add' })}>
            {props.addLabel}
          </Button>
        ) : null}
      </Flex>
      <Flex gap="3" wrap="wrap" align="center">
        <SearchBox
          value={ctx.searchDraft}
          placeholder={props.searchPlaceholder}
          blockEnter={props.blockEnter}
          onChange={(value) => send({ type: 'search.change', value })}
          onSearch={() => send({ type: 'search.submit' })}
        />
        {props.checkFilters?.map((f) => (
          <Checkbox.Root
            key={f.name}
            colorPalette="teal"
            checked={ctx.filters[f.name] === true}
            onCheckedChange={(d) => send({ type: 'filter.change', name: f.name, value: d.checked === true })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{f.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
        {props.selectFilters?.map((f) => (
          <NativeSelect.Root key={f.name} size="sm" width="auto">
            <NativeSelect.Field
              aria-label={f.label}
              bg="white"
              value={String(ctx.filters[f.name] ?? '')}
              onChange={(e) => send({ type: 'filter.change', name: f.name, value: e.target.value })}
            >
              {f.all !== undefined ? <option value="">{f.all}</option> : null}
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ))}
        {props.toolbar}
        {toolbarRef && props.renderToolbar ? props.renderToolbar(toolbarRef, rows) : null}
        {state.matches('ready') || state.matches('empty') ? (
          <Button size="sm" variant="ghost" colorPalette="teal" onClick={reload}>
            Recargar
          </Button>
        ) : null}
        {busy ? <Spinner role="status" size="sm" color="teal.600" aria-label="Cargando" /> : null}
      </Flex>
      {state.matches('error') ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>No fue posible cargar la lista</Alert.Title>
            <Alert.Description>{ctx.error}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={reload}>
            Reintentar
          </Button>
        </Alert.Root>
      ) : null}
      {state.matches('empty') ? (
        <Text color="gray.600" data-testid="empty-list">
          {EMPTY_LIST_MESSAGE}
        </Text>
      ) : null}
      {rows.length > 0 && !state.matches('empty') && !state.matches('error') ? (
        <Stack gap="3" opacity={busy ? 0.6 : 1}>
          {props.renderRows ? (
            props.renderRows(rows, toolbarRef)
          ) : (
            <DataTable
              caption={props.tableCaption}
              rows={rows}
              columns={shownColumns.map((c) => ({
                ...c,
                cell: (row: Row) => c.cell(row, state.children[rowChildId(row.uuid)] as AnyActorRef | undefined),
              }))}
              actions={
                (canEdit && renderForm) || deleteRow || props.rowActions
                  ? (row) => (
                      <HStack justify="flex-end" gap="2">
                        {props.rowActions?.(
                          row,
                          () => send({ type: 'row.act', row }),
                          state.children[rowChildId(row.uuid)] as AnyActorRef | undefined,
                        )}
                        {canEdit && renderForm && (props.canEditRow?.(row) ?? true) ? (
                          <Button size="xs" variant="outline" onClick={() => send({ type: 'row.edit', row })}>
                            Editar
                          </Button>
                        ) : null}
                        {deleteRow && (props.canDeleteRow?.(row) ?? true) ? (
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="red"
                            onClick={() => send({ type: 'row.delete', row })}
                          >
                            Eliminar
                          </Button>
                        ) : null}
                      </HStack>
                    )
                  : undefined
              }
            />
          )}
          <Pager
            page={ctx.page}
            totalPages={ctx.totalPages}
            total={ctx.total}
            window={props.pageWindow}
            onGo={(page) => send({ type: 'page.go', page })}
          />
        </Stack>
      ) : null}
      {state.matches('selection') && renderForm && state.children.form
        ? renderForm(selected, state.children.form)
        : null}
      {state.matches('acting') && selected && props.renderRowAction && state.children.rowAction
        ? props.renderRowAction(selected, state.children.rowAction)
        : null}
      <ConfirmDialog
        open={state.matches('confirmDelete') || state.matches('deleting')}
        busy={state.matches('deleting')}
        title={`¿Seguro que deseas eliminar ${selected ? rowName(selected) : ''}?`}
        detail={props.deleteDetail ?? 'No podrás revetir esta acción'}
        confirmText="Eliminar"
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      />
      <ResultDialog
        open={state.matches('deleted')}
        status="success"
        title="¡Correcto!"
        detail={selected && props.deletedText ? props.deletedText(selected) : ctx.notice}
        onClose={() => send({ type: 'dialog.close' })}
      />
      <ResultDialog
        open={state.matches('deleteFailed')}
        status="error"
        title={props.deleteErrorTitle ?? 'No es posible eliminar'}
        detail={ctx.error}
        onClose={() => send({ type: 'dialog.close' })}
      />
    </Stack>
  );
}

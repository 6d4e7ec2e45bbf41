import { useState, type ReactNode } from 'react';
import type * as v from 'valibot';
import { fromPromise } from 'xstate';
import { formRules } from '../../../../machines/platform/form-rules.js';
import { formScreenMachine, type FormValues } from '../../../../machines/platform/form-screen.machine.js';
import type { ListRow } from '../../../../machines/platform/list-screen.machine.js';
import type { CatalogueActions } from '../../../shared/catalogues/catalogue-permissions.js';
import type { CatalogueApi } from './named-catalogue.api.js';
import type { Column } from '../../platform/components/list/data-table.js';
import { FormDialog, type FormActor, type FormBindings } from '../../platform/components/list/form-dialog.js';
import { ListScreen } from '../../platform/components/list/list-screen.js';

/** 15 rows a page (the list machine's default), a pager window of about 6 numbers. */
const PAGE_WINDOW = 6;

export interface CatalogueScreenProps<Row extends { uuid: string; name: string }, V extends FormValues> {
  title: string;
  searchPlaceholder: string;
  tableCaption?: string;
  columns: Column<Row>[];
  /** 'zona' gives 'Agregar zona' / 'Editar zona'. */
  noun: string;
  /** What a save tells: 'La zona se registró correctamente.' */
  saved: { created: string; updated: string };
  // biome-ignore lint/suspicious/noExplicitAny: each catalogue's API takes its own payload; the screen only passes it through
  api: CatalogueApi<Row, any>;
  actions: CatalogueActions;
  /** The shared valibot schema of the modal (the one the route checks too). */
  schema: v.GenericSchema<unknown, unknown>;
  empty: V;
  /** The modal's values of a saved row (edit). */
  valuesOf: (row: Row) => V;
  fields: (form: FormBindings<V>) => ReactNode;
}

/**
 * A catalogue screen of the list pattern with its add/edit modal (titles Agregar /
 * Editar, submit Registrar / Actualizar) and delete with confirmation when the role may.
 */
export function CatalogueScreen<Row extends { uuid: string; name: string }, V extends FormValues>(
  props: CatalogueScreenProps<Row, V>,
) {
  const { api, actions, noun } = props;
  const withForm = actions.canAdd || actions.canEdit;
  // The modal's machine: the shared schema and the starting values as its rules, the catalogue's calls as its actors.
  // Made once per mount: useMachine keeps the logic it starts with, and useState's initializer is what React runs once.
  const [form] = useState(() =>
    formScreenMachine.provide({
      ...formRules({ schema: props.schema, initial: (row) => (row ? props.valuesOf(row as Row) : props.empty) }),
      actors: {
        loadForm: fromPromise(async ({ input }) => ({
          values: props.valuesOf(await api.get(input.id!)) as FormValues,
        })),
        saveRecord: fromPromise(({ input }) =>
          input.id ? api.update(input.id, input.values) : api.create(input.values),
        ),
      },
    }),
  );
  return (
    <ListScreen<Row & ListRow>
      title={props.title}
      tableCaption={props.tableCaption}
      searchPlaceholder={props.searchPlaceholder}
      columns={props.columns as Column<Row & ListRow>[]}
      loadPage={api.list}
      deleteRow={actions.canDelete ? (row) => api.remove(row.uuid) : undefined}
      rowName={(row) => row.name}
      addLabel={actions.canAdd ? `Agregar ${noun}` : undefined}
      canEdit={actions.canEdit}
      pageWindow={PAGE_WINDOW}
      form={withForm ? form : undefined}
      renderForm={
        withForm
          ? (selected, actor) => (
              <FormDialog<V>
                actor={actor as FormActor}
                title={selected ? `Editar ${noun}` : `Agregar ${noun}`}
                submitText={selected ? 'Actualizar' : 'Registrar'}
                successDetail={() => (selected ? props.saved.updated : props.saved.created)}
              >
                {props.fields}
              </FormDialog>
            )
          : undefined
      }
    />
  );
}

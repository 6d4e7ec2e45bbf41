import { Button, Dialog, Portal, Spinner, Stack } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import type * as v from 'valibot';
import { fromPromise } from 'xstate';
import { formScreenMachine, type FormValues } from '../../../../machines/form-screen.machine.js';
import { ResultDialog } from '../result-dialog.js';
import { inspected } from '../../inspector.js';

export interface FormBindings<V extends FormValues> {
  values: V;
  errors: Record<string, string>;
  set: (name: keyof V & string, value: unknown) => void;
}

export interface FormDialogProps<V extends FormValues> {
  /** 'Agregar …' or 'Editar …'. */
  title: string;
  /** 'Registrar' or 'Actualizar'. */
  submitText: string;
  schema: v.GenericSchema<unknown, unknown>;
  id: string | null;
  initial: V;
  loadRecord?: (id: string) => Promise<Partial<V>>;
  saveRecord: (id: string | null, values: any) => Promise<unknown>;
  successTitle?: string;
  successDetail?: (result: unknown) => string | undefined;
  errorTitle?: string;
  onClosed: (saved: boolean) => void;
  children: (form: FormBindings<V>) => ReactNode;
}

/** The form pattern as a modal: load for edit, validate by the shared schema, submit, dialogs. */
export function FormDialog<V extends FormValues>(props: FormDialogProps<V>) {
  const [state, send] = useMachine(formScreenMachine.provide({
    actors: {
      loadRecord: fromPromise(async ({ input }) => (props.loadRecord ? props.loadRecord(input.id) : {}) as Promise<FormValues>),
      saveRecord: fromPromise(({ input }) => props.saveRecord(input.id, input.values)),
    },
  }), inspected({ input: { id: props.id, initial: props.initial, schema: props.schema } }));
  const { values, errors, serverError, result } = state.context;
  const close = (saved: boolean) => props.onClosed(saved);
  if (state.matches('closed')) queueMicrotask(() => close(result !== null));

  const submit = (e: FormEvent) => { e.preventDefault(); send({ type: 'form.submit' }); };
  const editing = state.matches('editing') || state.matches('submitting') || state.matches('failed') || state.matches('invalid');

  return (
    <>
      <Dialog.Root open={!state.matches('closed') && !state.matches('succeeded') && !state.matches('loadFailed')} size="lg" placement="center"
        onOpenChange={(e) => { if (!e.open && state.matches('editing')) send({ type: 'form.cancel' }); }}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="form-dialog">
              <form onSubmit={submit} noValidate>
              <Dialog.Header><Dialog.Title>{props.title}</Dialog.Title></Dialog.Header>
              <Dialog.Body>
                {state.matches('loading') ? <Spinner color="teal.600" aria-label="Cargando" /> : null}
                {editing ? (
                  <Stack gap="4">
                    {props.children({ values: values as V, errors, set: (name, value) => send({ type: 'field.change', name, value }) })}
                  </Stack>
                ) : null}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => send({ type: 'form.cancel' })} disabled={state.matches('submitting')}>Cancelar</Button>
                <Button type="submit" colorPalette="teal" loading={state.matches('submitting')} disabled={!editing}>{props.submitText}</Button>
              </Dialog.Footer>
              </form>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <ResultDialog open={state.matches('succeeded')} status="success" title={props.successTitle ?? '¡Correcto!'}
        detail={props.successDetail?.(result)} onClose={() => send({ type: 'dialog.close' })} />
      <ResultDialog open={state.matches('failed')} status="error" title={props.errorTitle ?? 'Error'}
        detail={serverError} onClose={() => send({ type: 'dialog.close' })} />
      <ResultDialog open={state.matches('invalid')} status="error" title="Error"
        detail="Por favor, corrige los campos indicados." onClose={() => send({ type: 'dialog.close' })} />
      <ResultDialog open={state.matches('loadFailed')} status="error" title="No fue posible cargar el registro"
        detail={serverError} onClose={() => send({ type: 'dialog.close' })} />
    </>
  );
}

import { Button, Dialog, Portal, Spinner, Stack } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { formScreenMachine, FormInput, FormValues } from '../../../../../machines/platform/form-screen.machine.js';
import { inspected } from '../../../inspector.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { ResultDialog } from '../result-dialog.js';

export interface FormBindings<V extends FormValues> {
  values: V;
  errors: Record<string, string>;
  set: (name: keyof V & string, value: unknown) => void;
}

/** A running form: the child a list invoked, or the one a FormDialogHost started. */
export type FormActor = ActorRefFrom<typeof formScreenMachine>;

export interface FormDialogProps<V extends FormValues> {
  /** The form machine this dialog shows and sends to. */
  actor: FormActor;
  /** 'Agregar …' or 'Editar …'. */
  title: string;
  /** 'Registrar' or 'Actualizar'. */
  submitText: string;
  successTitle?: string;
  successDetail?: (result: unknown) => string | undefined;
  errorTitle?: string;
  /** The question of a form whose rules ask before sending (the machine's `confirming` state). */
  confirm?: { title: string; detail: (values: V) => string; confirmText: string };
  children: (form: FormBindings<V>) => ReactNode;
}

/** The form pattern as a modal over a running form machine: it renders the snapshot and sends events. */
export function FormDialog<V extends FormValues>(props: FormDialogProps<V>) {
  const state = useSelector(props.actor, (s) => s);
  const send = props.actor.send;
  const { values, errors, serverError, result } = state.context;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'form.submit' });
  };
  const editing =
    state.matches('editing') ||
    state.matches('submitting') ||
    state.matches('failed') ||
    state.matches('invalid') ||
    state.matches('confirming');

  return (
    <>
      <Dialog.Root
        open={!state.matches('closed') && !state.matches('succeeded') && !state.matches('loadFailed')}
        size="lg"
        placement="center"
        onOpenChange={(e) => {
          if (!e.open && state.matches('editing')) send({ type: 'form.cancel' });
        }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="form-dialog">
              <form onSubmit={submit} noValidate>
                <Dialog.Header>
                  <Dialog.Title>{props.title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  {state.matches('loading') ? <Spinner role="status" color="teal.600" aria-label="Cargando" /> : null}
                  {editing ? (
                    <Stack gap="4">
                      {props.children({
                        values: values as V,
                        errors,
                        set: (name, value) => send({ type: 'field.change', name, value }),
                      })}
                    </Stack>
                  ) : null}
                </Dialog.Body>
                <Dialog.Footer>
                  <Button
                    variant="outline"
                    onClick={() => send({ type: 'form.cancel' })}
                    disabled={state.matches('submitting')}
                  >
                    Cancelar
                  </Button>
                  <Button type="submit" colorPalette="teal" loading={state.matches('submitting')} disabled={!editing}>
                    {props.submitText}
                  </Button>
                </Dialog.Footer>
              </form>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      {props.confirm ? (
        <ConfirmDialog
          open={state.matches('confirming')}
          danger={false}
          title={props.confirm.title}
          detail={props.confirm.detail(values as V)}
          confirmText={props.confirm.confirmText}
          onConfirm={() => send({ type: 'form.confirm' })}
          onCancel={() => send({ type: 'confirm.cancel' })}
        />
      ) : null}
      <ResultDialog
        open={state.matches('succeeded')}
        status="success"
        title={props.successTitle ?? '¡Correcto!'}
        detail={props.successDetail?.(result)}
        onClose={() => send({ type: 'dialog.close' })}
      />
      <ResultDialog
        open={state.matches('failed')}
        status="error"
        title={props.errorTitle ?? 'Error'}
        detail={serverError}
        onClose={() => send({ type: 'dialog.close' })}
      />
      <ResultDialog
        open={state.matches('invalid')}
        status="error"
        title="Error"
        detail="Por favor, corrige los campos indicados."
        onClose={() => send({ type: 'dialog.close' })}
      />
      <ResultDialog
        open={state.matches('loadFailed')}
        status="error"
        title="No fue posible cargar el registro"
        detail={serverError}
        onClose={() => send({ type: 'dialog.close' })}
      />
    </>
  );
}

/**
 * A form dialog that is not opened by a list (a floating button's form): it starts the given
 * form machine itself and reports the machine's end (`{ saved }`) after it happens, never
 * during render.
 */
export function FormDialogHost<V extends FormValues>({
  logic,
  input,
  onClosed,
  ...props
}: Omit<FormDialogProps<V>, 'actor'> & {
  logic: typeof formScreenMachine;
  input: FormInput;
  onClosed: (saved: boolean) => void;
}) {
  const actor = useActorRef(logic, inspected({ input }));
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') onClosed(snapshot.output.saved);
    });
    return () => subscription.unsubscribe();
  }, [actor, onClosed]);
  return <FormDialog<V> actor={actor} {...props} />;
}

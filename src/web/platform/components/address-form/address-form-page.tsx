import { Box, Button, Card, Flex, Heading, Spinner, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type {
  FormContext,
  FormEvent as FormMachineEvent,
  formScreenMachine,
} from '../../../../../machines/platform/form-screen.machine.js';
import { ResultDialog } from '../result-dialog.js';

export interface FormBindings {
  values: Record<string, string>;
  errors: Record<string, string>;
  set: (name: string, value: unknown) => void;
}

/** The snapshot parts the page reads (a useMachine snapshot of the form machine). */
export interface AddressFormSnapshot {
  context: FormContext;
  matches: (value: Parameters<SnapshotFrom<typeof formScreenMachine>['matches']>[0]) => boolean;
}

export interface AddressFormTexts {
  title: string;
  submitText: string;
  successTitle: string;
  successDetail?: string;
  failureTitle: string;
}

/**
 * An add/edit page (not a modal): title, the fields, Cancelar and Registrar/Guardar, and the
 * dialogs of the address form machine.
 */
export function AddressFormPage({
  state,
  send,
  texts,
  children,
}: {
  state: AddressFormSnapshot;
  send: (event: FormMachineEvent) => void;
  texts: AddressFormTexts;
  children: (form: FormBindings) => ReactNode;
}) {
  const { values, errors, serverError } = state.context;
  const close = () => send({ type: 'dialog.close' });
  const submitting = state.matches('submitting');
  const showForm =
    state.matches('editing') ||
    submitting ||
    state.matches('failed') ||
    state.matches('invalid') ||
    state.matches('succeeded');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'form.submit' });
  };
  const form: FormBindings = {
    values: values as Record<string, string>,
    errors,
    set: (name, value) => send({ type: 'field.change', name, value }),
  };

  return (
    <Stack gap="5" maxW="4xl">
      <Heading as="h1" size="xl">
        {texts.title}
      </Heading>
      {state.matches('loading') ? <Spinner role="status" color="teal.600" aria-label="Cargando" /> : null}
      {showForm ? (
        <Card.Root asChild>
          <form onSubmit={submit} noValidate aria-label={texts.title}>
            <Card.Body>
              <Stack gap="5">{children(form)}</Stack>
            </Card.Body>
            <Card.Footer>
              <Flex justify="flex-end" gap="3" w="full">
                <Button variant="outline" onClick={() => send({ type: 'form.cancel' })} disabled={submitting}>
                  Cancelar
                </Button>
                <Button type="submit" colorPalette="teal" loading={submitting}>
                  {texts.submitText}
                </Button>
              </Flex>
            </Card.Footer>
          </form>
        </Card.Root>
      ) : null}
      <Box>
        <ResultDialog
          open={state.matches('succeeded')}
          status="success"
          title={texts.successTitle}
          detail={texts.successDetail}
          onClose={close}
        />
        <ResultDialog
          open={state.matches('failed')}
          status="error"
          title={texts.failureTitle}
          detail={serverError}
          onClose={close}
        />
        <ResultDialog
          open={state.matches('invalid')}
          status="error"
          title="Error"
          detail="Por favor, corrige los campos indicados."
          onClose={close}
        />
        <ResultDialog
          open={state.matches('loadFailed')}
          status="error"
          title="No fue posible cargar el registro"
          detail={serverError}
          onClose={close}
        />
      </Box>
    </Stack>
  );
}

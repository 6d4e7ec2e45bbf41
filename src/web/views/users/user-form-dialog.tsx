import { Button, Dialog, Portal, Spinner, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { formRules } from '../../../../machines/platform/form-rules.js';
import { formScreenMachine } from '../../../../machines/platform/form-screen.machine.js';
import { postalCodeLookupMachine } from '../../../../machines/platform/postal-code-lookup.machine.js';
import { failureDescription } from '../../../shared/platform/api-failure.js';
import type { Role } from '../../../shared/platform/roles.js';
import type { UserPayload } from '../../../shared/users/user.schema.js';
import {
  emptyUserForm,
  userFormLayout,
  userFormSchemaFor,
  userTypeChoices,
  type UserFormValues,
} from '../../../shared/users/user-form.js';
import { userInvalidDialog, userSaveErrorDialog, userSavedDialog } from '../../../shared/users/user-save-errors.js';
import type { UserRow, UsersApi } from './users.api.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';
import { UserFormFields } from './user-form-fields.js';

/**
 * The users modal's machine for a caller ('Usuarios'): the form skeleton with the
 * schema of the caller's role as its rules, an address (the postal-code lookup child), and the
 * users API as its calls. The users list invokes it as its form child.
 */
export function userModalFor(
  role: Role,
  selfUuid: string | null,
  api: Pick<UsersApi, 'create' | 'update' | 'addresses' | 'editValues'>,
) {
  const { guards, actions } = formRules({
    schema: userFormSchemaFor(role),
    initial: () => emptyUserForm(),
    postalCode: true,
  });
  return formScreenMachine.provide({
    guards,
    actions: {
      ...actions,
      logLookupFailure: ({ event }) => console.warn('No fue posible consultar el código postal', event),
    },
    actors: {
      loadForm: fromPromise(async ({ input }) => ({
        values: await api.editValues(input.row as UserRow, { role, uuid: selfUuid }),
      })),
      postalCodeLookup: postalCodeLookupMachine.provide({
        actors: { lookupAddresses: fromPromise(({ input }) => api.addresses(input.cp)) },
      }),
      saveRecord: fromPromise(({ input }) => {
        const user = input.values as UserPayload;
        return input.id ? api.update(input.id, user) : api.create(user);
      }),
    },
  });
}

export interface UserFormDialogProps {
  /** The running modal machine (the users list's form child). */
  actor: ActorRefFrom<typeof formScreenMachine>;
  role: Role;
  /** The listed user to edit; null to add one. */
  row: UserRow | null;
}

/** The users modal 'Agregar usuario' / 'Editar usuario': renders the userModal snapshot and sends events. */
export function UserFormDialog({ actor, role, row }: UserFormDialogProps) {
  const mode = row ? 'edit' : 'create';
  const state = useSelector(actor, (s) => s);
  const send = actor.send;
  const { errors, colonies, failure, result, lookingUp } = state.context;
  const values = state.context.values as UserFormValues;

  const editing =
    state.matches('editing') || state.matches('submitting') || state.matches('failed') || state.matches('invalid');
  const layout = userFormLayout(role, values, mode);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'form.submit' });
  };
  const saved = userSavedDialog(result, mode);
  const failed = userSaveErrorDialog(failure, mode);
  const invalid = userInvalidDialog(errors);

  return (
    <>
      <Dialog.Root
        open={!state.matches('closed') && !state.matches('succeeded') && !state.matches('loadFailed')}
        size="lg"
        placement="center"
        scrollBehavior="inside"
        onOpenChange={(e) => {
          if (!e.open && state.matches('editing')) send({ type: 'form.cancel' });
        }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="user-form-dialog">
              <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
                <Dialog.Header>
                  <Dialog.Title>{row ? 'Editar usuario' : 'Agregar usuario'}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  {state.matches('loading') ? <Spinner role="status" color="teal.600" aria-label="Cargando" /> : null}
                  {editing ? (
                    <Stack gap="4">
                      <UserFormFields
                        values={values}
                        errors={errors}
                        layout={layout}
                        addresses={colonies}
                        typeOptions={userTypeChoices(role, row ?? undefined)}
                        lookingUp={lookingUp}
                        set={(name, value) => send({ type: 'field.change', name, value })}
                      />
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
                    {row ? 'Actualizar' : 'Registrar'}
                  </Button>
                </Dialog.Footer>
              </form>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <ResultDialog
        open={state.matches('succeeded')}
        status="success"
        title={saved.title}
        detail={saved.detail}
        onClose={() => send({ type: 'dialog.close' })}
      />
      <ResultDialog
        open={state.matches('failed')}
        status="error"
        title={failed.title}
        detail={failed.detail}
        onClose={() => send({ type: 'dialog.close' })}
      />
      <ResultDialog
        open={state.matches('invalid')}
        status="error"
        title={invalid.title}
        detail={invalid.detail}
        onClose={() => send({ type: 'dialog.close' })}
      />
      <ResultDialog
        open={state.matches('loadFailed')}
        status="error"
        title="No fue posible cargar el registro"
        detail={failureDescription(failure)}
        onClose={() => send({ type: 'dialog.close' })}
      />
    </>
  );
}

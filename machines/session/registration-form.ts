import { fromPromise } from 'xstate';
import type { ApiFailure } from '../../src/shared/platform/api-failure.js';
import type { RegistrationLookup } from '../../src/shared/platform/api-types.js';
import { RegistrationMessages } from '../../src/shared/session/registration-rules.js';
import { RegistrationFormSchema } from '../../src/shared/session/auth.schema.js';
import { formRules } from '../platform/form-rules.js';
import { formScreenMachine } from '../platform/form-screen.machine.js';

/** The calls the registration's password form makes (public, no token). */
export interface RegistrationCalls {
  findUser: (uuid: string) => Promise<RegistrationLookup | null>;
  newPassword: (uuid: string, password: string) => Promise<unknown>;
}

/** A link whose user does not exist: the load failure the screen shows with the spec's text. */
const userNotFound: ApiFailure = {
  kind: 'http',
  status: 404,
  body: { error: 'not_found', error_description: RegistrationMessages.notFound },
};

/**
 * The password form of a registration: the form skeleton with the registration
 * rules (two passwords, the password rule, the same twice); it loads the user behind the uuid
 * (kept as its record: the greeting and where to go after) and saves with `newPassword`.
 */
export function registrationForm(calls: RegistrationCalls) {
  return formScreenMachine.provide({
    ...formRules({ schema: RegistrationFormSchema, initial: () => ({ password: '', confirmation: '' }) }),
    actors: {
      loadForm: fromPromise(async ({ input }) => {
        const user = await calls.findUser(input.id!);
        if (!user) throw userNotFound;
        return { record: { ...user } };
      }),
      saveRecord: fromPromise(async ({ input }) => {
        await calls.newPassword(input.id!, (input.values as { password: string }).password);
        return true;
      }),
    },
  });
}

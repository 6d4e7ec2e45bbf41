import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type * as v from 'valibot';
import { fromPromise } from 'xstate';
import { formRules } from '../../../../../machines/platform/form-rules.js';
import {
  formScreenMachine,
  type FormValues,
  type LoadedForm,
  type PickedFile,
  type SaveInput,
} from '../../../../../machines/platform/form-screen.machine.js';
import { postalCodeLookupMachine } from '../../../../../machines/platform/postal-code-lookup.machine.js';
import type { AddressOption } from '../../../../shared/platform/api-types.js';
import type { LogoFile } from '../../../../shared/communities/community.schema.js';
import { inspected } from '../../../inspector.js';
import { readLogoFile } from '../../../views/communities/read-logo.js';

export interface AddressFormOptions {
  id: string | null;
  initial: FormValues;
  schema: v.GenericSchema<unknown, unknown>;
  /** The page loads when adding too (its dropdowns). */
  loadsWhenAdding?: boolean;
  /** The page has the optional logo. */
  logo?: boolean;
  /** The page has the postal-code lookup (default); a page without an address says false. */
  postalCode?: boolean;
  loadForm: (id: string | null) => Promise<LoadedForm>;
  saveRecord: (input: SaveInput) => Promise<unknown>;
  lookup?: (cp: string) => Promise<AddressOption[]>;
  readLogo?: (file: PickedFile) => Promise<{ preview: string; file: LogoFile }>;
  /** The list the page returns to. */
  leaveTo: string;
}

/**
 * An add/edit page with an address: the form skeleton with the page's rules
 * (an address, maybe a logo), its calls, the file reader and navigation. Besides the snapshot
 * and `send`, it tells whether colonies are awaited and a logo is being read.
 */
export function useAddressForm(o: AddressFormOptions) {
  const navigate = useNavigate();
  // Made once per mount: useMachine keeps the logic it starts with, and useState's initializer is what React runs once.
  const [logic] = useState(() => {
    const { guards, actions } = formRules({
      schema: o.schema,
      initial: () => o.initial,
      loadsWhenAdding: o.loadsWhenAdding,
      postalCode: o.postalCode ?? true,
      logo: o.logo,
    });
    return formScreenMachine.provide({
      guards,
      actions: {
        ...actions,
        leave: () => navigate(o.leaveTo, { replace: true }),
        logLookupFailure: ({ event }) => console.warn('No fue posible consultar el código postal', event),
      },
      actors: {
        loadForm: fromPromise(({ input }) => o.loadForm(input.id)),
        saveRecord: fromPromise(({ input }) => o.saveRecord(input)),
        postalCodeLookup: postalCodeLookupMachine.provide({
          actors: { lookupAddresses: fromPromise(async ({ input }) => (o.lookup ? o.lookup(input.cp) : [])) },
        }),
        readLogo: fromPromise(({ input }) => (o.readLogo ?? readLogoFile)(input.file)),
      },
    });
  });
  const [state, send] = useMachine(logic, inspected({ input: { id: o.id } }));
  return { state, send, lookingUp: state.context.lookingUp, readingLogo: state.context.readingLogo };
}

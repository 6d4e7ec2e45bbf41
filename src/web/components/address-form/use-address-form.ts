import { useMachine } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import type * as v from 'valibot';
import { fromPromise } from 'xstate';
import {
  addressFormMachine, type FormValues, type LoadedForm, type PickedFile, type SaveInput,
} from '../../../../machines/address-form.machine.js';
import type { AddressOption } from '../../../shared/api-types.js';
import type { LogoFile } from '../../../shared/schemas/community.schema.js';
import { readLogoFile } from './read-logo.js';
import { inspected } from '../../inspector.js';

export interface AddressFormOptions {
  id: string | null;
  initial: FormValues;
  schema: v.GenericSchema<unknown, unknown>;
  loadForm: (id: string | null) => Promise<LoadedForm>;
  saveRecord: (input: SaveInput) => Promise<unknown>;
  lookup: (cp: string) => Promise<AddressOption[]>;
  readLogo?: (file: PickedFile) => Promise<{ preview: string; file: LogoFile }>;
  /** The list the page returns to. */
  leaveTo: string;
}

/** The address form machine with the page's effects: its API calls, the file reader, navigation. */
export function useAddressForm(o: AddressFormOptions) {
  const navigate = useNavigate();
  return useMachine(addressFormMachine.provide({
    actors: {
      loadForm: fromPromise(({ input }) => o.loadForm(input.id)),
      lookupAddresses: fromPromise(({ input }) => o.lookup(input.cp)),
      readLogo: fromPromise(({ input }) => (o.readLogo ?? readLogoFile)(input.file)),
      saveRecord: fromPromise(({ input }) => o.saveRecord(input)),
    },
    actions: {
      leave: () => navigate(o.leaveTo, { replace: true }),
      logLookupFailure: (_, params) => console.warn('No fue posible consultar el código postal', params.error),
    },
  }), inspected({ input: { id: o.id, initial: o.initial, schema: o.schema } }));
}

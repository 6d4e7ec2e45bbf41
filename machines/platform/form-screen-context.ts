/**
 * What the form skeleton (form-screen.machine.ts) holds and takes: its context, its events, what
 * opens it and what it ends with, and how a field change, a postal code's colonies or a failed save
 * change what it holds. Plain data and plain functions.
 */
import { isApiFailure, type ApiFailure } from '../../src/shared/platform/api-failure.js';
import type { AddressOption } from '../../src/shared/platform/api-types.js';
import { withoutError } from '../../src/shared/platform/form-validation.js';
import { postalCodeOf } from '../../src/shared/platform/postal-code.js';
import type { LogoFile } from '../../src/shared/communities/community.schema.js';
import type { FormValues } from './form-rules.js';
import type { PostalCodeReport } from './postal-code-lookup.machine.js';

export type { FormValues } from './form-rules.js';

/** What the file picker gives (a File in the browser). */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
}
/** A read logo: the preview shown and the payload sent. */
export interface ReadLogo {
  preview: string;
  file: LogoFile;
}

export interface Option {
  value: string;
  label: string;
}

/** The optional logo: what is shown and what the save sends (a new file, its removal, or nothing). */
export interface LogoState {
  preview: string | null;
  change: 'none' | 'new' | 'remove';
  file: LogoFile | null;
  original: boolean;
}

export interface FormContext {
  /** uuid of the record being edited; null when adding. */
  id: string | null;
  /** The listed row the form was opened from, if any. */
  row: Record<string, unknown> | null;
  values: FormValues;
  /** Each invalid field's message, from the shared schema or from the server's answer. */
  errors: Record<string, string>;
  /** The schema's output of the values, set when they are valid: what is sent. */
  submitted: unknown;
  /** Colonies of the postal code, when the form has an address. */
  colonies: AddressOption[];
  /** A complete postal code was given to the lookup child and its answer is awaited. */
  lookingUp: boolean;
  /** A picked logo is being read. */
  readingLogo: boolean;
  /** Server checks of a part that refuse the submit until their field changes (the resident's taken email). */
  checks: Record<string, string>;
  /** The field a part is checking with the server, its answer awaited (the resident's email); null when none. */
  checking: string | null;
  /** Dropdown options the form loaded (e.g. the community's administrators). */
  options: Record<string, Option[]>;
  /** Fields of the stored record sent back unchanged, or read after the form ends (e.g. idFile, the user's type). */
  record: Record<string, unknown>;
  logo: LogoState;
  /** The server's text for the error dialog. */
  serverError: string | null;
  /** The API failure itself (plain data), for forms whose dialog depends on the status. */
  failure: ApiFailure | null;
  result: unknown;
}

/** What `loadForm` answers: the record's values, its own colony, dropdown options, the current logo, echoed fields. */
export interface LoadedForm {
  values?: FormValues;
  colonies?: AddressOption[];
  options?: Record<string, Option[]>;
  logoPreview?: string | null;
  record?: Record<string, unknown>;
}

/**
 * What a part of a form tells it (`part.report` beside the fields, `part.release` when a part that
 * held the form ends): which part (its child id), what came of it, and what it brings (the value it
 * checked, a record's values and id). The form's `hearPart` decides what it means.
 */
export interface PartNews {
  part: string;
  outcome: string;
  value?: string;
  values?: FormValues;
  id?: string;
}

export type FormEvent =
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'logo.pick'; file: PickedFile }
  | { type: 'logo.remove' }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'form.confirm' }
  | { type: 'confirm.cancel' }
  | { type: 'dialog.close' }
  /** A gesture on a part of the form (a field left, a row added or removed, a modal opened), heard by `askPart` in `editing`. */
  | { type: 'part.ask'; name: string; index?: number; value?: string }
  | ({ type: 'part.report' } & PartNews)
  | ({ type: 'part.release' } & PartNews)
  | PostalCodeReport
  | { type: 'xstate.done.actor.readLogo'; output: ReadLogo }
  | { type: 'xstate.error.actor.readLogo'; error: unknown }
  | { type: 'xstate.done.actor.load'; output: LoadedForm }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.save'; output: unknown }
  | { type: 'xstate.error.actor.save'; error: unknown };

/** What opens a form: the record to edit (and its listed row), or none to add. */
export interface FormInput {
  id: string | null;
  row?: Record<string, unknown> | null;
}
export interface SaveInput {
  id: string | null;
  values: unknown;
  logo: LogoFile | null | undefined;
  record: Record<string, unknown>;
}
/** What the form tells whoever opened it when it ends. */
export interface FormOutput {
  saved: boolean;
  record: Record<string, unknown>;
}

export const noLogo: LogoState = { preview: null, change: 'none', file: null, original: false };

/** The server's field messages ('user.email', '0.email') on the form's fields ('email'). */
export const serverFieldErrors = (error: unknown, values: FormValues): Record<string, string> => {
  if (!isApiFailure(error) || error.kind !== 'http' || !error.body.fields) return {};
  return Object.fromEntries(
    Object.entries(error.body.fields)
      .map(([key, message]) => [key.split('.').at(-1)!, message] as const)
      .filter(([key]) => key in values),
  );
};
/** A new postal code makes the old colony, city and state meaningless. */
export const withField = (context: FormContext, name: string, value: unknown) => {
  const values = { ...context.values, [name]: value };
  const errors = withoutError(context.errors, name);
  // A changed field's server check no longer holds, and an answer still awaited for it is not its own.
  const checks = withoutError(context.checks, name);
  const checking = context.checking === name ? null : context.checking;
  if (name !== 'cp' || postalCodeOf(value) === postalCodeOf(context.values.cp))
    return { values, errors, checks, checking };
  return {
    values: { ...values, city: '', state: '', idAddress: '' },
    errors,
    checks,
    checking,
    colonies: [],
    lookingUp: false,
  };
};
/** The first colony fills city and state; all are the colony options; a colony not offered is cleared. */
export const withColonies = (context: FormContext, found: AddressOption[]) => {
  const keep = found.some((a) => String(a.idAddress) === String(context.values.idAddress ?? ''));
  return {
    colonies: found,
    lookingUp: false,
    values: {
      ...context.values,
      city: found[0]?.location ?? '',
      state: found[0]?.state ?? '',
      idAddress: keep ? context.values.idAddress : '',
    },
  };
};

export const logoToSend = (logo: LogoState) =>
  logo.change === 'new' ? logo.file : logo.change === 'remove' ? null : undefined;

/** A form as it opens: the record's id and row, nothing typed, nothing loaded. */
export const emptyForm = (input: FormInput): FormContext => ({
  id: input.id,
  row: input.row ?? null,
  values: {},
  errors: {},
  submitted: null,
  colonies: [],
  lookingUp: false,
  readingLogo: false,
  checks: {},
  checking: null,
  options: {},
  record: {},
  logo: noLogo,
  serverError: null,
  failure: null,
  result: null,
});

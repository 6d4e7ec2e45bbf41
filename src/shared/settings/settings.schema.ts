/** Body and answer of the community settings (`PUT api/fracs/{uuid}/configure`). */
import * as v from 'valibot';
import {
  INVITATION_MESSAGE_MAX,
  INVITATION_VALIDITY_HOURS,
  isFrequentChoice,
  SEARCH_OPTIONS,
  SettingsTexts as T,
  VIEW_OPTIONS,
} from './settings-rules.js';
import { objectWithMessages } from '../platform/address-fields.schema.js';

const INVALID = 'La configuración enviada no es válida.';
const flag = (name: string) => v.boolean(`${name}: se esperaba verdadero o falso.`);

/** The invitation message: not blank, at most 80 characters. */
export const invitationMessage = () =>
  v.pipe(
    v.optional(v.string(T.emptyMessage), ''),
    v.check((s) => s.trim() !== '', T.emptyMessage),
    v.maxLength(INVITATION_MESSAGE_MAX, T.longMessage),
  );

const flags = Object.fromEntries(
  ['folioRequired', 'visitorSearch', ...SEARCH_OPTIONS, ...VIEW_OPTIONS].map((k) => [k, flag(k)]),
) as Record<
  'folioRequired' | 'visitorSearch' | (typeof SEARCH_OPTIONS)[number] | (typeof VIEW_OPTIONS)[number],
  v.BooleanSchema<string>
>;

/**
 * Options a client of the settings call may leave out (the call's field list predates them):
 * absent, the stored value is kept.
 */
export const OPTIONAL_SETTINGS = ['searchPlace', 'searchCommonArea'] as const;
const optionalFlags = Object.fromEntries(OPTIONAL_SETTINGS.map((k) => [k, v.optional(flags[k])])) as Record<
  (typeof OPTIONAL_SETTINGS)[number],
  v.OptionalSchema<v.BooleanSchema<string>, undefined>
>;

/**
 * The settings the 'Ajustes' form edits and `PUT api/fracs/{uuid}/configure` takes: every option
 * sent but place and common area (kept as stored when absent), the validity among the allowed
 * choices. `uuid` may be echoed and is ignored.
 */
export const SettingsBodySchema = v.pipe(
  objectWithMessages(
    {
      uuid: v.optional(v.unknown()),
      ...flags,
      ...optionalFlags,
      invitationValidity: v.pipe(
        v.number(T.invitationValidity),
        v.check((n) => (INVITATION_VALIDITY_HOURS as readonly number[]).includes(n), T.invitationValidity),
      ),
      invitationMessage: invitationMessage(),
      frequentInvitationChronoUnit: v.picklist(['WEEKS', 'MONTHS', 'YEARS'], T.frequentValidity),
      frequentInvitationValidity: v.number(T.frequentValidity),
    },
    INVALID,
  ),
  v.forward(
    v.partialCheck(
      [['frequentInvitationChronoUnit'], ['frequentInvitationValidity']],
      (s) => isFrequentChoice(s.frequentInvitationChronoUnit, s.frequentInvitationValidity),
      T.frequentValidity,
    ),
    ['frequentInvitationValidity'],
  ),
);
export type SettingsBody = v.InferOutput<typeof SettingsBodySchema>;

/** The settings as answered under the current user's community (`GET api/users/me` → `testFrac.settings`). */
export const CommunitySettingsAnswerSchema = v.object({
  uuid: v.string(),
  ...(Object.fromEntries(Object.keys(flags).map((k) => [k, v.boolean()])) as Record<
    keyof typeof flags,
    v.BooleanSchema<undefined>
  >),
  invitationValidity: v.number(),
  invitationMessage: v.string(),
  frequentInvitationChronoUnit: v.picklist(['WEEKS', 'MONTHS', 'YEARS']),
  frequentInvitationValidity: v.number(),
});

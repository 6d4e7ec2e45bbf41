/**
 * The community settings: read by `GET api/users/me` and by whatever
 * uses them (the invitations of massive events take the validity and the message; frequent
 * visits their validity), written by `PUT api/fracs/{uuid}/configure`.
 */
import type { CommunitySettings } from '../../shared/settings/settings-rules.js';
import type { SettingsBody } from '../../shared/settings/settings.schema.js';
import type { Queryable } from '../platform/db/db.js';

const SETTINGS_SELECT = `c.uuid, c.folio_required AS "folioRequired", c.visitor_search AS "visitorSearch",
  c.search_name AS "searchName", c.search_address AS "searchAddress", c.search_action AS "searchAction",
  c.search_place AS "searchPlace", c.search_common_area AS "searchCommonArea",
  c.view_resident_name AS "viewResidentName", c.view_visit_address AS "viewVisitAddress",
  c.view_resident_address AS "viewResidentAddress", c.view_resident_number AS "viewResidentNumber",
  c.invitation_validity AS "invitationValidity", c.invitation_message AS "invitationMessage",
  c.frequent_invitation_chrono_unit AS "frequentInvitationChronoUnit", c.frequent_invitation_validity AS "frequentInvitationValidity"`;

/** A community's settings, or undefined when it does not exist. */
export const communitySettings = (q: Queryable, communityId: number) =>
  q.one<CommunitySettings>(`SELECT ${SETTINGS_SELECT} FROM communities c WHERE c.id = $1`, [communityId]);

/** Writes the settings sent (place and common area only when sent); answers them as stored. */
export async function saveCommunitySettings(
  q: Queryable,
  communityId: number,
  s: SettingsBody,
): Promise<CommunitySettings> {
  return (await q.one<CommunitySettings>(
    `UPDATE communities c SET folio_required = $2, visitor_search = $3, search_name = $4, search_address = $5, search_action = $6,
       search_place = COALESCE($7, c.search_place), search_common_area = COALESCE($8, c.search_common_area), view_resident_name = $9, view_visit_address = $10, view_resident_address = $11,
       view_resident_number = $12, invitation_validity = $13, invitation_message = $14, frequent_invitation_chrono_unit = $15,
       frequent_invitation_validity = $16
     WHERE c.id = $1 RETURNING ${SETTINGS_SELECT}`,
    [
      communityId,
      s.folioRequired,
      s.visitorSearch,
      s.searchName,
      s.searchAddress,
      s.searchAction,
      s.searchPlace ?? null,
      s.searchCommonArea ?? null,
      s.viewResidentName,
      s.viewVisitAddress,
      s.viewResidentAddress,
      s.viewResidentNumber,
      s.invitationValidity,
      s.invitationMessage,
      s.frequentInvitationChronoUnit,
      s.frequentInvitationValidity,
    ],
  ))!;
}

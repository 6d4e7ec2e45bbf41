-- Massive events and their guests.

-- An event names a resident and a common area of its own community (composite keys stop a row
-- pointing at another community's resident or area).
ALTER TABLE residents ADD CONSTRAINT residents_id_community_key UNIQUE (id, community_id);
-- common_areas (id, community_id) is unique since 007_reports.sql (its composite key serves this table too).

-- Dates are the community's local date-times; the end is the start
-- plus 12 hours. The stored status is Incompleto until the wizard is finished (configure),
-- then Próximo, or Cancelado; 'En curso' and 'Terminado' are computed from the dates.
-- `version` grows with every change of the event's own fields: a save that names an older
-- version is refused (two tabs editing one event).
CREATE TABLE massive_events (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  resident_id integer NOT NULL,
  common_area_id integer,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 64),
  additional_information text NOT NULL DEFAULT '' CHECK (char_length(additional_information) <= 200),
  start_date timestamp(0) NOT NULL CHECK (start_date <= '2100-12-30 23:59:59'),
  end_date timestamp(0) NOT NULL,
  status text NOT NULL DEFAULT 'Incompleto' CHECK (status IN ('Próximo', 'Cancelado', 'Incompleto')),
  background_color text CHECK (background_color ~ '^[0-9a-f]{6}$'),
  foreground_color text CHECK (foreground_color ~ '^[0-9a-f]{6}$'),
  background_image_id integer REFERENCES files (id) ON DELETE SET NULL,
  profile_image_id integer REFERENCES files (id) ON DELETE SET NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (resident_id, community_id) REFERENCES residents (id, community_id),
  FOREIGN KEY (common_area_id, community_id) REFERENCES common_areas (id, community_id)
);
CREATE INDEX massive_events_community_idx ON massive_events (community_id, start_date DESC, id);
CREATE INDEX massive_events_resident_idx ON massive_events (resident_id);
CREATE INDEX massive_events_common_area_idx ON massive_events (common_area_id) WHERE common_area_id IS NOT NULL;

-- Guests: names required, phone digits or empty, email lower-case or empty, 64 each.
CREATE TABLE massive_event_guests (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  massive_event_id integer NOT NULL REFERENCES massive_events (id) ON DELETE CASCADE,
  first_name text NOT NULL CHECK (char_length(first_name) BETWEEN 1 AND 64),
  last_name text NOT NULL CHECK (char_length(last_name) BETWEEN 1 AND 64),
  phone text NOT NULL DEFAULT '' CHECK (phone ~ '^[0-9]{0,64}$'),
  email text NOT NULL DEFAULT '' CHECK (char_length(email) <= 64 AND email = lower(email)),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX massive_event_guests_event_idx ON massive_event_guests (massive_event_id, id);

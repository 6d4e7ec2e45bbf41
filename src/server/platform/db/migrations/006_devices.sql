-- Devices: guard booths
-- (Caseta), hostess stations (club only) and scanners. A device links by a one-time code shown
-- as a QR and becomes a principal of its own: its token (kept hashed, like sessions) reaches
-- only the device routes of its community. Deleted devices are kept (soft delete), so the visits
-- they registered keep their gate.

CREATE TABLE devices (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'INACTIVE' CHECK (status IN ('INACTIVE', 'ACTIVE')),
  device_type text NOT NULL DEFAULT 'BOOTH' CHECK (device_type IN ('BOOTH', 'HOSTESS', 'SCANNER')),
  -- Scanners only: reading type, location type and the form's sub-type it came from.
  scanner_access text NOT NULL DEFAULT 'IN' CHECK (scanner_access IN ('IN', 'OUT')),
  scanner_type text CHECK (scanner_type IN ('STREET', 'ZONE', 'HOUSE')),
  scanner_place text CHECK (scanner_place IN ('BARRERA', 'COTO', 'CASA', 'COMMONAREA')),
  zone_id integer,
  street_id integer,
  number text,
  -- Presence: the last heartbeat, and the status last announced to the list (online or not).
  last_seen_at timestamptz,
  online boolean NOT NULL DEFAULT false,
  linked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  FOREIGN KEY (zone_id, community_id) REFERENCES zones (id, community_id),
  FOREIGN KEY (street_id, community_id) REFERENCES streets (id, community_id),
  CHECK (device_type = 'SCANNER' OR (scanner_type IS NULL AND zone_id IS NULL AND street_id IS NULL AND number IS NULL))
);
ALTER TABLE devices ADD CONSTRAINT devices_id_community_key UNIQUE (id, community_id);
CREATE INDEX devices_community_idx ON devices (community_id, name) WHERE deleted_at IS NULL;
CREATE INDEX devices_name_trgm_idx ON devices USING gin (name gin_trgm_ops);
CREATE INDEX devices_zone_idx ON devices (zone_id) WHERE zone_id IS NOT NULL;
CREATE INDEX devices_street_idx ON devices (street_id) WHERE street_id IS NOT NULL;
-- The presence sweep finds devices announced online whose heartbeat stopped.
CREATE INDEX devices_online_idx ON devices (last_seen_at) WHERE online;

-- An IN reader's parents (the devices before it on the route): devices of the same community.
CREATE TABLE device_parents (
  device_id integer NOT NULL,
  parent_id integer NOT NULL,
  community_id integer NOT NULL,
  PRIMARY KEY (device_id, parent_id),
  FOREIGN KEY (device_id, community_id) REFERENCES devices (id, community_id) ON DELETE CASCADE,
  FOREIGN KEY (parent_id, community_id) REFERENCES devices (id, community_id) ON DELETE CASCADE,
  CHECK (device_id <> parent_id)
);
CREATE INDEX device_parents_parent_idx ON device_parents (parent_id);

-- One-time link codes: valid 10 minutes; used or replaced codes keep their row (used_at), so
-- reusing one answers 410 rather than 400. Only the hash is kept.
CREATE TABLE device_link_codes (
  id bigserial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  code_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_link_codes_pending_idx ON device_link_codes (device_id) WHERE used_at IS NULL;

-- A linked device's token. `uuid` is the link's public identifier (the record's `deviceToken`);
-- the secret itself is only in the link answer. At most one live token per device.
CREATE TABLE device_tokens (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE UNIQUE INDEX device_tokens_live_idx ON device_tokens (device_id) WHERE revoked_at IS NULL;

-- A visit registered by a device carries it as its gate (entry and exit).
ALTER TABLE visits ADD COLUMN entry_device_id integer REFERENCES devices (id);
ALTER TABLE visits ADD COLUMN exit_device_id integer REFERENCES devices (id);
CREATE INDEX visits_entry_device_idx ON visits (entry_device_id) WHERE entry_device_id IS NOT NULL;

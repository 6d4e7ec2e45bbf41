-- Users management, the administrative-visit configuration,
-- visits (the source of the dashboards and the live counters).

-- Guards (types 5 and 6) are identified by a 4-character code; their email is optional.
ALTER TABLE users ALTER COLUMN email DROP NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_email_or_guard_chk CHECK (email IS NOT NULL OR user_type_id IN (5, 6));
-- Who registered the user: an integrator's users include those it created and has not assigned yet.
ALTER TABLE users ADD COLUMN created_by integer REFERENCES users (id) ON DELETE SET NULL;
-- The community a guard's code is unique in (the community it was registered in).
ALTER TABLE users ADD COLUMN code_community_id integer REFERENCES communities (id) ON DELETE SET NULL;
-- Chatbot use for administrative visits; the phone is users.phone.
ALTER TABLE users ADD COLUMN chatbot_use_app boolean NOT NULL DEFAULT false;

-- A live guard code is unique in its community (case-insensitive); the plain index also finds
-- the codes of deleted users (answered 410).
CREATE UNIQUE INDEX users_code_live_idx ON users (code_community_id, lower(vigilant_code))
  WHERE deleted_at IS NULL AND vigilant_code IS NOT NULL;
CREATE INDEX users_code_idx ON users (code_community_id, lower(vigilant_code)) WHERE vigilant_code IS NOT NULL;
-- users_email_live_idx (001) covers live users only; this one also finds deleted users' emails.
CREATE INDEX users_email_lower_idx ON users (lower(email));
CREATE INDEX users_created_by_idx ON users (created_by);
CREATE INDEX users_type_idx ON users (user_type_id);
-- The users list searches name, email and code with ILIKE '%term%'.
CREATE INDEX users_full_name_trgm_idx ON users USING gin ((first_name || ' ' || last_name) gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
CREATE INDEX users_code_trgm_idx ON users USING gin (vigilant_code gin_trgm_ops);

-- 'Configuración visitas administrativas': the administration as a resident the guard app can
-- announce visits to; at most one per community.
CREATE TABLE administrative_residents (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL UNIQUE REFERENCES communities (id) ON DELETE CASCADE,
  street_id integer NOT NULL REFERENCES streets (id),
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  number text NOT NULL,
  int_number text,
  action text,
  useapp boolean NOT NULL DEFAULT false,
  notresident boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX administrative_residents_street_idx ON administrative_residents (street_id);

-- A visit: one entry and, later, its exit. Gates are referenced by uuid without a foreign key
-- (the gates catalogue belongs to another module); the routes check the gate's community.
CREATE TABLE visits (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name text NOT NULL DEFAULT '',
  accredited text,
  visitant_type text NOT NULL DEFAULT 'VISITANT'
    CHECK (visitant_type IN ('VISITANT', 'EMPLOYEE', 'PROVIDER', 'MASSIVE_EVENT', 'FREQUENT')),
  access_mode text NOT NULL CHECK (access_mode IN ('QR', 'MANUAL')),
  gate_arrival_uuid uuid,
  gate_departure_uuid uuid,
  resident_id integer REFERENCES residents (id) ON DELETE SET NULL,
  car_brand text,
  color text,
  plate text,
  comments text,
  entered_at timestamptz NOT NULL DEFAULT now(),
  exited_at timestamptz,
  registered_by integer REFERENCES users (id),
  exit_registered_by integer REFERENCES users (id),
  CHECK (exited_at IS NULL OR exited_at >= entered_at)
);
-- Entries per month/day and by mode (range scans within a community), exits, visitors inside.
CREATE INDEX visits_community_entered_idx ON visits (community_id, entered_at) INCLUDE (access_mode);
CREATE INDEX visits_community_exited_idx ON visits (community_id, exited_at) WHERE exited_at IS NOT NULL;
CREATE INDEX visits_community_inside_idx ON visits (community_id) WHERE exited_at IS NULL;
-- The general administrator's figures span every community.
CREATE INDEX visits_entered_idx ON visits (entered_at);
CREATE INDEX visits_resident_idx ON visits (resident_id) WHERE resident_id IS NOT NULL;

-- Foundation: accounts, sessions, communities and the location hierarchy the shell needs.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE user_types (
  id integer PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  name text NOT NULL
);

CREATE TABLE addresses (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  cp char(5) NOT NULL,
  colony text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  UNIQUE (cp, colony, city)
);
CREATE INDEX addresses_cp_idx ON addresses (cp);

CREATE TABLE users (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  password_hash text,
  user_type_id integer NOT NULL REFERENCES user_types (id),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'PENDING', 'DISABLED')),
  vigilant_code text,
  phone text,
  address_id integer REFERENCES addresses (id),
  street text,
  ext_number text,
  int_number text,
  active_community_id integer,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_live_idx ON users (lower(email)) WHERE deleted_at IS NULL;

CREATE TABLE integrators (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL UNIQUE REFERENCES users (id),
  name text NOT NULL,
  last_name text NOT NULL,
  phone text,
  street text NOT NULL,
  number text NOT NULL,
  int_number text,
  address_id integer REFERENCES addresses (id),
  licenses integer NOT NULL CHECK (licenses >= 0),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX integrators_name_trgm_idx ON integrators USING gin (name gin_trgm_ops);

CREATE TABLE communities (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  integrator_id integer REFERENCES integrators (id),
  name text NOT NULL,
  address_id integer REFERENCES addresses (id),
  street text,
  ext_number text,
  int_number text,
  license_total integer NOT NULL DEFAULT 0 CHECK (license_total >= 0),
  license_expired boolean NOT NULL DEFAULT false,
  admin_user_id integer REFERENCES users (id),
  logo_path text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX communities_integrator_idx ON communities (integrator_id);
CREATE INDEX communities_name_trgm_idx ON communities USING gin (name gin_trgm_ops);

ALTER TABLE users ADD CONSTRAINT users_active_community_fk FOREIGN KEY (active_community_id) REFERENCES communities (id) ON DELETE SET NULL;

CREATE TABLE user_communities (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, community_id)
);
CREATE INDEX user_communities_community_idx ON user_communities (community_id);

CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  community_id integer REFERENCES communities (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- A registration or reset link carries a ticket uuid, never the user's own uuid.
CREATE TABLE registration_tickets (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE zones (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX zones_community_idx ON zones (community_id);
CREATE INDEX zones_name_trgm_idx ON zones USING gin (name gin_trgm_ops);

CREATE TABLE streets (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  zone_id integer NOT NULL REFERENCES zones (id),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX streets_community_idx ON streets (community_id);
CREATE INDEX streets_zone_idx ON streets (zone_id);
CREATE INDEX streets_name_trgm_idx ON streets USING gin (name gin_trgm_ops);

CREATE TABLE residents (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  street_id integer NOT NULL REFERENCES streets (id),
  user_id integer REFERENCES users (id),
  number text NOT NULL,
  int_number text,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text,
  phone text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX residents_community_idx ON residents (community_id);
CREATE INDEX residents_street_idx ON residents (street_id);

CREATE TABLE mail_outbox (
  id serial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO user_types (id, name) VALUES
  (1, 'Administrador general'),
  (2, 'Capturista'),
  (3, 'Residente'),
  (4, 'Administrador de fraccionamiento'),
  (5, 'Vigilante'),
  (6, 'Vigilante administrativo'),
  (14, 'Integrador'),
  (15, 'Contratista');

-- Catalogues: the location hierarchy community > zone > street >
-- common area, access gates and provider types (per community), and the global catalogues of
-- user types, car brands and colours (managed by the general administrator).
-- Names are unique per scope, case-insensitively; every `contains` search has a trigram index.

-- Zones: the colour the web always sends (black) is stored as given.
ALTER TABLE zones ADD COLUMN color text NOT NULL DEFAULT '#000000';
CREATE UNIQUE INDEX zones_community_name_idx ON zones (community_id, lower(name));

-- A street belongs to a zone of its own community; a common area to a street of its own community.
ALTER TABLE zones ADD CONSTRAINT zones_id_community_key UNIQUE (id, community_id);
ALTER TABLE streets ADD CONSTRAINT streets_zone_same_community_fk
  FOREIGN KEY (zone_id, community_id) REFERENCES zones (id, community_id);
ALTER TABLE streets ADD CONSTRAINT streets_id_community_key UNIQUE (id, community_id);
CREATE UNIQUE INDEX streets_zone_name_idx ON streets (zone_id, lower(name));

CREATE TABLE common_areas (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  street_id integer NOT NULL,
  name text NOT NULL,
  number text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (street_id, community_id) REFERENCES streets (id, community_id)
);
CREATE INDEX common_areas_street_idx ON common_areas (street_id);
CREATE UNIQUE INDEX common_areas_community_name_idx ON common_areas (community_id, lower(name));
CREATE INDEX common_areas_name_trgm_idx ON common_areas USING gin (name gin_trgm_ops);

CREATE TABLE gates (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX gates_community_name_idx ON gates (community_id, lower(name));
CREATE INDEX gates_name_trgm_idx ON gates USING gin (name gin_trgm_ops);

-- Provider types are kept by each community's administrator (menu 'Proveedores').
CREATE TABLE provider_types (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX provider_types_community_name_idx ON provider_types (community_id, lower(name));
CREATE INDEX provider_types_name_trgm_idx ON provider_types USING gin (name gin_trgm_ops);

-- User types: the system ids (1..15) stay fixed; types added by the general administrator
-- take ids from 100 on.
CREATE SEQUENCE user_types_id_seq START WITH 100 OWNED BY user_types.id;
ALTER TABLE user_types ALTER COLUMN id SET DEFAULT nextval('user_types_id_seq');
CREATE UNIQUE INDEX user_types_name_idx ON user_types (lower(name));
CREATE INDEX user_types_name_trgm_idx ON user_types USING gin (name gin_trgm_ops);

CREATE TABLE car_brands (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX car_brands_name_idx ON car_brands (lower(name));
CREATE INDEX car_brands_name_trgm_idx ON car_brands USING gin (name gin_trgm_ops);

CREATE TABLE colors (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX colors_name_idx ON colors (lower(name));
CREATE INDEX colors_name_trgm_idx ON colors USING gin (name gin_trgm_ops);

-- Reference data every install starts with (the general administrator edits it).
INSERT INTO car_brands (name) VALUES
  ('Audi'), ('BMW'), ('Chevrolet'), ('Chirey'), ('Ford'), ('Honda'), ('Hyundai'), ('Jeep'), ('KIA'),
  ('Mazda'), ('Mercedes-Benz'), ('MG'), ('Mitsubishi'), ('Nissan'), ('Peugeot'), ('Renault'),
  ('SEAT'), ('Suzuki'), ('Toyota'), ('Volkswagen');
INSERT INTO colors (name) VALUES
  ('Amarillo'), ('Azul'), ('Beige'), ('Blanco'), ('Café'), ('Dorado'), ('Gris'), ('Naranja'),
  ('Negro'), ('Plata'), ('Rojo'), ('Verde'), ('Vino');

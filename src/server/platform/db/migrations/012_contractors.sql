-- Contractors, construction sites (obras) and construction workers.
-- Every table carries community_id; composite keys stop a row pointing at
-- another community's contractor, street or site.

-- A contractor is a person of one community with an account of user type 15 (its email lives on
-- the account: `user {email}` in the contract). The address is stored in parts; `fullAddress` is
-- produced from them. The form's length limits are checked here too.
CREATE TABLE contractors (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  user_id integer NOT NULL UNIQUE REFERENCES users (id),
  first_name text NOT NULL CHECK (char_length(btrim(first_name)) BETWEEN 1 AND 64 AND char_length(first_name) <= 64),
  last_name text NOT NULL CHECK (char_length(btrim(last_name)) BETWEEN 1 AND 64 AND char_length(last_name) <= 64),
  enterprise text NOT NULL CHECK (char_length(btrim(enterprise)) BETWEEN 1 AND 64 AND char_length(enterprise) <= 64),
  phone text NOT NULL DEFAULT '' CHECK (phone ~ '^([0-9]{10})?$'),
  street text NOT NULL CHECK (char_length(btrim(street)) BETWEEN 1 AND 200 AND char_length(street) <= 200),
  number text NOT NULL CHECK (char_length(btrim(number)) BETWEEN 1 AND 8 AND char_length(number) <= 8),
  postal_code text NOT NULL CHECK (postal_code ~ '^[0-9]{5}$'),
  city text NOT NULL CHECK (char_length(btrim(city)) BETWEEN 1 AND 200 AND char_length(city) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, community_id)
);
CREATE INDEX contractors_community_idx ON contractors (community_id, last_name, first_name, id);

-- A construction site. `number` is the terrain number (max 10); `street_number` is the site number,
-- fixed after creation. Dates are calendar dates (YYYY-MM-DD), at most 2100-12-30, the end not
-- before the start; "the start not before today" is a rule of the create call (a running site keeps
-- its past start), so it is checked by the route, not here.
CREATE TABLE constructions (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  contractor_id integer NOT NULL,
  street_id integer NOT NULL,
  name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 64 AND char_length(name) <= 64),
  number text NOT NULL CHECK (char_length(btrim(number)) BETWEEN 1 AND 10 AND char_length(number) <= 10),
  street_number text NOT NULL CHECK (char_length(btrim(street_number)) BETWEEN 1 AND 10 AND char_length(street_number) <= 10),
  start_date date NOT NULL CHECK (start_date <= DATE '2100-12-30'),
  end_date date NOT NULL CHECK (end_date <= DATE '2100-12-30'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date >= start_date),
  UNIQUE (id, community_id),
  FOREIGN KEY (contractor_id, community_id) REFERENCES contractors (id, community_id),
  FOREIGN KEY (street_id, community_id) REFERENCES streets (id, community_id)
);
CREATE INDEX constructions_community_idx ON constructions (community_id, start_date DESC, id);
CREATE INDEX constructions_contractor_idx ON constructions (contractor_id, id);
CREATE INDEX constructions_street_idx ON constructions (street_id);

-- A worker of a site: a contractor's request (Pendiente) or an administrator's direct registration.
-- Status Pendiente → Aprobado | Rechazado (a reason is kept while Rechazado). The photo
-- (png 100x100) and the two private documents (official ID and proof of address) are rows of
-- `files` (bytes in the storage service, served only through short-lived signed links); a deleted
-- worker keeps its row (deleted_at) for the gate's history, its files are removed (the references
-- fall to NULL), and it counts nowhere. Deleting a site with live workers is refused by the route;
-- a site's deleted workers go with it.
CREATE TABLE construction_workers (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  construction_id integer NOT NULL,
  first_name text NOT NULL CHECK (char_length(btrim(first_name)) BETWEEN 1 AND 64 AND char_length(first_name) <= 64),
  last_name text NOT NULL CHECK (char_length(btrim(last_name)) BETWEEN 1 AND 64 AND char_length(last_name) <= 64),
  status text NOT NULL DEFAULT 'Pendiente' CHECK (status IN ('Pendiente', 'Aprobado', 'Rechazado')),
  reject_reason text CHECK (char_length(reject_reason) BETWEEN 1 AND 500),
  photo_file_id integer REFERENCES files (id) ON DELETE SET NULL,
  identification_file_id integer REFERENCES files (id) ON DELETE SET NULL,
  proof_of_address_file_id integer REFERENCES files (id) ON DELETE SET NULL,
  -- Who sent it: the contractor's account for a request, the administrator's for a direct registration.
  created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  decided_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK ((status = 'Rechazado') = (reject_reason IS NOT NULL)),
  UNIQUE (id, community_id),
  FOREIGN KEY (construction_id, community_id) REFERENCES constructions (id, community_id) ON DELETE CASCADE
);
CREATE INDEX construction_workers_construction_idx ON construction_workers (construction_id, id) WHERE deleted_at IS NULL;
CREATE INDEX construction_workers_community_idx ON construction_workers (community_id, status, id) WHERE deleted_at IS NULL;
CREATE INDEX construction_workers_photo_idx ON construction_workers (photo_file_id) WHERE photo_file_id IS NOT NULL;
CREATE INDEX construction_workers_identification_idx ON construction_workers (identification_file_id) WHERE identification_file_id IS NOT NULL;
CREATE INDEX construction_workers_proof_idx ON construction_workers (proof_of_address_file_id) WHERE proof_of_address_file_id IS NOT NULL;

-- Residents.

-- A club community shows the action number ('No. acción') and the Hostess options. Set by the
-- general administrator on the community form.
ALTER TABLE communities ADD COLUMN club boolean NOT NULL DEFAULT false;

ALTER TABLE residents
  ADD COLUMN action text,
  ADD COLUMN useapp boolean NOT NULL DEFAULT false,
  ADD COLUMN notresident boolean NOT NULL DEFAULT false,
  ADD COLUMN status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE')),
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  -- What 'Buscar residente' matches: name, email, street and number, lower-cased, kept by triggers.
  ADD COLUMN search_text text NOT NULL DEFAULT '';

-- Phones: up to 4 per resident (the limit is checked by the routes), digits only, at most 10.
CREATE TABLE resident_phones (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  resident_id integer NOT NULL REFERENCES residents (id) ON DELETE CASCADE,
  phone text NOT NULL CHECK (phone ~ '^[0-9]{1,10}$'),
  position smallint NOT NULL DEFAULT 0
);
CREATE INDEX resident_phones_resident_idx ON resident_phones (resident_id, position);
INSERT INTO resident_phones (resident_id, phone)
  SELECT id, regexp_replace(phone, '\D', '', 'g') FROM residents WHERE phone ~ '^\D*(\d\D*){1,10}$';
ALTER TABLE residents DROP COLUMN phone;

-- The registration code: single use, 15 minutes. A resident has at most one pending
-- code; issuing a new one replaces it. Used codes are kept (used_at) for the record.
CREATE TABLE resident_codes (
  id serial PRIMARY KEY,
  resident_id integer NOT NULL REFERENCES residents (id) ON DELETE CASCADE,
  code text NOT NULL,
  jwt_token text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX resident_codes_pending_idx ON resident_codes (resident_id) WHERE used_at IS NULL;

-- The email of a live resident is unique (an account per email); a deleted one can be reactivated.
CREATE UNIQUE INDEX residents_email_live_idx ON residents (lower(email)) WHERE deleted_at IS NULL AND email IS NOT NULL;
CREATE INDEX residents_email_idx ON residents (community_id, lower(email));
CREATE INDEX residents_user_idx ON residents (user_id) WHERE user_id IS NOT NULL;
-- The list: live residents of a community in name order; the search: a trigram index.
CREATE INDEX residents_list_idx ON residents (community_id, first_name, last_name, id) WHERE deleted_at IS NULL;
CREATE INDEX residents_search_trgm_idx ON residents USING gin (search_text gin_trgm_ops) WHERE deleted_at IS NULL;

CREATE FUNCTION resident_search_text(first_name text, last_name text, email text, street_id integer, number text, int_number text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ', first_name, last_name, email, (SELECT s.name FROM streets s WHERE s.id = street_id), number, int_number))
$$;

CREATE FUNCTION residents_search_text_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := resident_search_text(NEW.first_name, NEW.last_name, NEW.email, NEW.street_id, NEW.number, NEW.int_number);
  RETURN NEW;
END $$;
CREATE TRIGGER residents_search_text BEFORE INSERT OR UPDATE OF first_name, last_name, email, street_id, number, int_number
  ON residents FOR EACH ROW EXECUTE FUNCTION residents_search_text_trigger();

-- Renaming a street renames it in its residents' search text.
CREATE FUNCTION streets_rename_residents_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE residents r SET search_text = resident_search_text(r.first_name, r.last_name, r.email, r.street_id, r.number, r.int_number)
   WHERE r.street_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER streets_rename_residents AFTER UPDATE OF name ON streets
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION streets_rename_residents_trigger();

UPDATE residents SET search_text = resident_search_text(first_name, last_name, email, street_id, number, int_number);

-- Residents with an account use the app.
UPDATE residents SET useapp = true WHERE user_id IS NOT NULL;

-- A secret of this installation (signs the registration codes' tokens), made on first start.
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);

-- Reports ('Reportes' and 'Reporte áreas comunes'): the rest of a visit's fields, common-area visits, and the indexes of the
-- report's filters, planned for a million visits in one community.

-- Name filters are case- and accent-insensitive ('Jose' finds 'José'). unaccent() is only STABLE
-- (its dictionary could be swapped); pinned to the dictionary by name, the wrapper can be declared
-- IMMUTABLE and so serve expression indexes. Both sides of every comparison go through it.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE FUNCTION fold_text(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

-- What the report's name filters match: the guest's full name, the vehicle (brand, colour, plate).
CREATE FUNCTION visit_guest_text(first_name text, last_name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.fold_text(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) $$;
CREATE FUNCTION visit_vehicle_text(car_brand text, color text, plate text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.fold_text(coalesce(car_brand, '') || ' ' || coalesce(color, '') || ' ' || coalesce(plate, '')) $$;
CREATE FUNCTION resident_name_text(first_name text, last_name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.fold_text(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) $$;

-- The provider type of a PROVIDER visit (a type of the visit's own community) and the
-- identification photo (bytes in the storage interface, served only through signed URLs).
ALTER TABLE provider_types ADD CONSTRAINT provider_types_id_community_key UNIQUE (id, community_id);
ALTER TABLE visits
  ADD COLUMN provider_type_id integer,
  ADD COLUMN photo_file_id integer REFERENCES files (id),
  ADD CONSTRAINT visits_provider_type_fk FOREIGN KEY (provider_type_id, community_id) REFERENCES provider_types (id, community_id);
CREATE INDEX visits_provider_type_idx ON visits (provider_type_id) WHERE provider_type_id IS NOT NULL;

-- The report: newest entry first, the visit id breaking ties (keyset pages of the export walk it).
CREATE INDEX visits_report_idx ON visits (community_id, entered_at, id);
-- Entry gate filter, resident filter (the community's residents matched first, then their visits).
CREATE INDEX visits_report_gate_idx ON visits (community_id, gate_arrival_uuid, entered_at, id) WHERE gate_arrival_uuid IS NOT NULL;
CREATE INDEX visits_report_resident_idx ON visits (resident_id, entered_at, id) WHERE resident_id IS NOT NULL;
DROP INDEX visits_resident_idx;
-- 'contains' filters on names and vehicles: trigram indexes over the folded text.
CREATE INDEX visits_guest_trgm_idx ON visits USING gin (visit_guest_text(first_name, last_name) gin_trgm_ops);
CREATE INDEX visits_vehicle_trgm_idx ON visits USING gin (visit_vehicle_text(car_brand, color, plate) gin_trgm_ops);
CREATE INDEX residents_name_fold_trgm_idx ON residents USING gin (resident_name_text(first_name, last_name) gin_trgm_ops);

-- The report's total without filters, kept per community by statement triggers (a count of a
-- million rows is the one thing an index cannot make fast). Bulk inserts add their rows at once.
CREATE TABLE visit_totals (
  community_id integer PRIMARY KEY REFERENCES communities (id) ON DELETE CASCADE,
  total bigint NOT NULL DEFAULT 0
);
INSERT INTO visit_totals (community_id, total) SELECT community_id, count(*) FROM visits GROUP BY community_id;

CREATE FUNCTION visit_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_totals AS t (community_id, total)
    SELECT community_id, count(*) FROM inserted GROUP BY community_id
    ON CONFLICT (community_id) DO UPDATE SET total = t.total + EXCLUDED.total;
  RETURN NULL;
END $$;
CREATE FUNCTION visit_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE visit_totals t SET total = t.total - d.n
    FROM (SELECT community_id, count(*) AS n FROM deleted GROUP BY community_id) d WHERE t.community_id = d.community_id;
  RETURN NULL;
END $$;
CREATE TRIGGER visit_totals_insert AFTER INSERT ON visits REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION visit_totals_insert();
CREATE TRIGGER visit_totals_delete AFTER DELETE ON visits REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION visit_totals_delete();

-- Common-area visits: a guest of a resident at a common area, registered by a guard
-- (or, later, a device), with the time in, the estimated time in and whether a QR was used.
ALTER TABLE common_areas ADD CONSTRAINT common_areas_id_community_key UNIQUE (id, community_id);
CREATE TABLE common_area_visits (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  common_area_id integer NOT NULL,
  resident_id integer REFERENCES residents (id) ON DELETE SET NULL,
  first_name text NOT NULL,
  last_name text NOT NULL DEFAULT '',
  entered_at timestamptz NOT NULL DEFAULT now(),
  estimated_time_in timestamptz,
  created_with_qr boolean NOT NULL DEFAULT false,
  photo_file_id integer REFERENCES files (id),
  registered_by integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (common_area_id, community_id) REFERENCES common_areas (id, community_id)
);
CREATE INDEX common_area_visits_report_idx ON common_area_visits (community_id, entered_at, id);
CREATE INDEX common_area_visits_area_idx ON common_area_visits (common_area_id, entered_at, id);
CREATE INDEX common_area_visits_resident_idx ON common_area_visits (resident_id, entered_at, id) WHERE resident_id IS NOT NULL;
CREATE INDEX common_area_visits_guest_trgm_idx ON common_area_visits USING gin (visit_guest_text(first_name, last_name) gin_trgm_ops);

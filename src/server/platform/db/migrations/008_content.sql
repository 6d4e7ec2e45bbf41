-- Community content (notices, newsletters, promotions) and the community settings
-- ('Avisos', 'Boletines', 'Promociones', 'Ajustes').

-- One table for the three kinds: they share every field but the notice's segmentation and the
-- newsletter's type. Dates are the community's wall-clock times (YYYY-MM-DDTHH:mm:ss, no zone).
CREATE TABLE content_posts (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('NOTICE', 'NEWSLETTER', 'PROMOTION')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 3 AND 300),
  description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 1500),
  contact_name text CHECK (char_length(contact_name) BETWEEN 3 AND 300),
  contact_phone text CHECK (char_length(contact_phone) BETWEEN 3 AND 300),
  contact_email text CHECK (char_length(contact_email) BETWEEN 3 AND 300),
  contact_link text CHECK (char_length(contact_link) BETWEEN 3 AND 300),
  start_date timestamp NOT NULL,
  end_date timestamp NOT NULL CHECK (end_date >= start_date),
  -- Newsletters only: 5 Restaurante, 1 Deportes, 2 Social, 3 Eventos.
  newsletter_type smallint CHECK (newsletter_type IN (1, 2, 3, 5)),
  -- Notices only: who it is for. COMMUNITY = everyone; otherwise the narrowest level listed.
  audience text NOT NULL DEFAULT 'COMMUNITY' CHECK (audience IN ('COMMUNITY', 'ZONE', 'STREET', 'RESIDENT')),
  file_id integer REFERENCES files (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'NEWSLETTER') = (newsletter_type IS NOT NULL)),
  CHECK (kind = 'NOTICE' OR audience = 'COMMUNITY')
);
-- The lists: a community's posts of one kind, newest start first; the title search by trigrams.
CREATE INDEX content_posts_list_idx ON content_posts (community_id, kind, start_date DESC, id DESC);
CREATE INDEX content_posts_title_trgm_idx ON content_posts USING gin (title gin_trgm_ops);

-- A segmented notice's zones, streets and residents (all of the notice's community: the routes check).
CREATE TABLE notice_zones (
  post_id integer NOT NULL REFERENCES content_posts (id) ON DELETE CASCADE,
  zone_id integer NOT NULL REFERENCES zones (id) ON DELETE CASCADE,
  PRIMARY KEY (post_id, zone_id)
);
CREATE INDEX notice_zones_zone_idx ON notice_zones (zone_id);
CREATE TABLE notice_streets (
  post_id integer NOT NULL REFERENCES content_posts (id) ON DELETE CASCADE,
  street_id integer NOT NULL REFERENCES streets (id) ON DELETE CASCADE,
  PRIMARY KEY (post_id, street_id)
);
CREATE INDEX notice_streets_street_idx ON notice_streets (street_id);
CREATE TABLE notice_residents (
  post_id integer NOT NULL REFERENCES content_posts (id) ON DELETE CASCADE,
  resident_id integer NOT NULL REFERENCES residents (id) ON DELETE CASCADE,
  PRIMARY KEY (post_id, resident_id)
);
CREATE INDEX notice_residents_resident_idx ON notice_residents (resident_id);

-- Settings of the resident and guard apps.
ALTER TABLE communities
  ADD COLUMN folio_required boolean NOT NULL DEFAULT false,
  ADD COLUMN visitor_search boolean NOT NULL DEFAULT true,
  ADD COLUMN search_name boolean NOT NULL DEFAULT true,
  ADD COLUMN search_address boolean NOT NULL DEFAULT true,
  ADD COLUMN search_action boolean NOT NULL DEFAULT true,
  ADD COLUMN search_place boolean NOT NULL DEFAULT true,
  ADD COLUMN search_common_area boolean NOT NULL DEFAULT true,
  ADD COLUMN view_resident_name boolean NOT NULL DEFAULT true,
  ADD COLUMN view_visit_address boolean NOT NULL DEFAULT true,
  ADD COLUMN view_resident_address boolean NOT NULL DEFAULT true,
  ADD COLUMN view_resident_number boolean NOT NULL DEFAULT true,
  ADD COLUMN invitation_validity smallint NOT NULL DEFAULT 12 CHECK (invitation_validity IN (8, 12, 24)),
  ADD COLUMN invitation_message text NOT NULL DEFAULT '¡Hola! Te invito a generar tu código de acceso para visitarme.'
    CHECK (char_length(invitation_message) BETWEEN 1 AND 80 AND btrim(invitation_message) <> ''),
  ADD COLUMN frequent_invitation_chrono_unit text NOT NULL DEFAULT 'WEEKS',
  ADD COLUMN frequent_invitation_validity smallint NOT NULL DEFAULT 1,
  ADD CONSTRAINT communities_frequent_validity_check CHECK (
    (frequent_invitation_chrono_unit, frequent_invitation_validity) IN (('WEEKS', 1), ('WEEKS', 2), ('MONTHS', 1), ('MONTHS', 3), ('MONTHS', 6), ('YEARS', 1)));

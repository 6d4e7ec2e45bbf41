-- Integrators and communities.

-- Uploaded files (community logos first): metadata here, bytes in the storage service.
-- `mime_type` is the type detected from the content, never the one the client declared.
CREATE TABLE files (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  storage_key text NOT NULL UNIQUE,
  name text NOT NULL,
  extension text NOT NULL,
  mime_type text NOT NULL,
  byte_size integer NOT NULL CHECK (byte_size >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A community's logo; `communities.logo_path` keeps the storage key (the me route reads it).
ALTER TABLE communities ADD COLUMN logo_file_id integer REFERENCES files (id) ON DELETE SET NULL;

-- An integrator does not register two communities with the same name.
CREATE UNIQUE INDEX communities_integrator_name_idx ON communities (integrator_id, lower(name));

-- Gate check-in of construction workers with their credentials: a visit of type
-- EMPLOYEE, mode QR, tied to the worker and the site. Workers are deleted softly, so the link stays.
ALTER TABLE visits
  ADD COLUMN construction_id integer REFERENCES constructions (id) ON DELETE SET NULL,
  ADD COLUMN construction_worker_id integer REFERENCES construction_workers (id) ON DELETE SET NULL;
-- One open visit per worker: a second check-in while inside is refused even when two gates race.
CREATE UNIQUE INDEX visits_worker_inside_idx ON visits (construction_worker_id)
  WHERE exited_at IS NULL AND construction_worker_id IS NOT NULL;
CREATE INDEX visits_construction_idx ON visits (construction_id) WHERE construction_id IS NOT NULL;

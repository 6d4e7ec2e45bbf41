-- Gate check-in of massive events' guests with signed passes: a visit of type
-- MASSIVE_EVENT, mode QR, tied to the guest and the event. Deleting a guest or an event keeps the
-- visit (the report keeps its history) and forgets the link.
ALTER TABLE visits
  ADD COLUMN massive_event_id integer REFERENCES massive_events (id) ON DELETE SET NULL,
  ADD COLUMN massive_event_guest_id integer REFERENCES massive_event_guests (id) ON DELETE SET NULL;
-- One open visit per guest: a second check-in while inside is refused even when two gates race.
CREATE UNIQUE INDEX visits_guest_inside_idx ON visits (massive_event_guest_id)
  WHERE exited_at IS NULL AND massive_event_guest_id IS NOT NULL;
CREATE INDEX visits_massive_event_idx ON visits (massive_event_id) WHERE massive_event_id IS NOT NULL;

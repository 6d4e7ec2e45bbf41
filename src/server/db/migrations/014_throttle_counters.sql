-- Issue 16 §3: throttle counters shared by every API process (Redis holds them instead when REDIS_URL is set).
-- A counter counts hits in a fixed window that starts at its first hit; an expired row counts again from 1.
CREATE TABLE throttle_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX throttle_counters_expires ON throttle_counters (expires_at);

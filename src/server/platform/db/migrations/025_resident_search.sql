-- 'Buscar residente' through the trigram index. Under the row policy the planner may not use an index
-- for LIKE (the operator is not leakproof: tested first, it could see rows the policy hides), so every
-- search read each resident of the community, twice (the page and its total: 25 and 38 ms over
-- 100,000 residents on PostgreSQL). This function runs as the tables' owner, where the index serves,
-- and keeps the wall itself: it answers only for a community the transaction sees (the settings the
-- policies read) and only that community's live residents. It answers one page of ids, by name, each
-- with the number of matches.
CREATE FUNCTION porton_resident_search(community integer, pattern text, app_only boolean, page_size integer, page_offset integer)
  RETURNS TABLE (id integer, total integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT r.id, (count(*) OVER ())::integer
    FROM residents r
   WHERE r.community_id = community AND r.deleted_at IS NULL AND r.search_text LIKE pattern
     AND (NOT app_only OR r.useapp)
     AND ((SELECT porton_sees_all_communities()) OR community = ANY ((SELECT porton_visible_communities())::integer[]))
   ORDER BY r.first_name, r.last_name, r.id
   LIMIT page_size OFFSET page_offset
$$;
REVOKE ALL ON FUNCTION porton_resident_search(integer, text, boolean, integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION porton_resident_search(integer, text, boolean, integer, integer) TO porton_app;

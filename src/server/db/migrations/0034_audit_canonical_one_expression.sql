-- The audit row's canonical text (0007) as one expression, the same text byte for byte (issue 12;
-- docs/security/audit.md). 0007 built it with unnest ... WITH ORDINALITY and string_agg: a SQL
-- function PostgreSQL cannot inline, so every row the chain trigger hashes ran a small query of
-- its own, about 10 µs of the patient read's batched audit INSERT per event. As one expression
-- over the row it is inlined into the trigger's hash: about 3 µs (measured on the generated
-- network, docs/benchmarks.md). Each field still reads "<octet length>:<text>", NULL as "~",
-- joined by "|" in 0007's order (a NULL field makes octet_length(f) || ':' || f NULL, and the
-- coalesce gives "~"); audit-chain.ts rebuilds it independently for npm run audit:verify.
CREATE OR REPLACE FUNCTION audit_event_canonical(e audit_event) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(octet_length(e.seq::text) || ':' || e.seq::text, '~')
    || '|' || coalesce(octet_length(to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) || ':'
              || to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), '~')
    || '|' || coalesce(octet_length(e.user_id::text) || ':' || e.user_id::text, '~')
    || '|' || coalesce(octet_length(e.roles) || ':' || e.roles, '~')
    || '|' || coalesce(octet_length(e.acting_as_user_id::text) || ':' || e.acting_as_user_id::text, '~')
    || '|' || coalesce(octet_length(e.action) || ':' || e.action, '~')
    || '|' || coalesce(octet_length(e.route) || ':' || e.route, '~')
    || '|' || coalesce(octet_length(e.patient_id::text) || ':' || e.patient_id::text, '~')
    || '|' || coalesce(octet_length(e.record_type) || ':' || e.record_type, '~')
    || '|' || coalesce(octet_length(e.record_id::text) || ':' || e.record_id::text, '~')
    || '|' || coalesce(octet_length(e.detail::text) || ':' || e.detail::text, '~')
    || '|' || coalesce(octet_length(e.status::text) || ':' || e.status::text, '~')
    || '|' || coalesce(octet_length(e.outcome) || ':' || e.outcome, '~')
    || '|' || coalesce(octet_length(e.source_ip) || ':' || e.source_ip, '~')
    || '|' || coalesce(octet_length(e.request_id) || ':' || e.request_id, '~')
    || '|' || coalesce(octet_length(e.prev_hash) || ':' || e.prev_hash, '~')
$$;

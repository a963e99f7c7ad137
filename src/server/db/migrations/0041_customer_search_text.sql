-- Decision 065: the customer list's search reads one lowered text per row (full name, e-mail and
-- phone on three lines) instead of matching three fields with ILIKE.
ALTER TABLE "vendor_customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || ' ' || coalesce(surname, '')) || E'\n' || lower(coalesce(email, '')) || E'\n' || lower(coalesce(phone, ''))) STORED;

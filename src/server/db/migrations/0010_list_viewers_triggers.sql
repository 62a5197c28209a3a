-- The list's read model document_viewers (docs/decisions/0019-list-at-scale.md), kept by triggers in the writing
-- transaction. One row per (account, document) for every account that holds a role in the document, named in it or
-- by an active per-document delegation of that role (the rule of services/access/held-roles.ts).
CREATE OR REPLACE FUNCTION fds_refresh_viewer(p_account text, p_document text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  held text[];
BEGIN
  IF p_account IS NULL OR p_document IS NULL THEN
    RETURN;
  END IF;
  SELECT array_agg(DISTINCT held_role.role ORDER BY held_role.role) INTO held FROM (
    SELECT r.role FROM document_roles r WHERE r.document_id = p_document AND r.account_id = p_account
    UNION ALL
    SELECT d.role FROM delegations d
    JOIN document_roles r ON r.id = d.role_id AND r.role = d.role AND r.document_id = d.document_id
    WHERE d.document_id = p_document AND d.delegate_account_id = p_account AND d.revoked_at IS NULL
  ) held_role;
  IF held IS NULL THEN
    DELETE FROM document_viewers WHERE account_id = p_account AND document_id = p_document;
    RETURN;
  END IF;
  INSERT INTO document_viewers (account_id, document_id, roles, status, type, service_number, established_date, established_place,
    carrier_code, agreed_taking_over, estimated_taking_over, estimated_delivery, last_modified)
  SELECT p_account, f.id, held, f.status, f.type, f.service_number, f.established_date, f.established_place, f.carrier_code,
    f.agreed_taking_over, f.estimated_taking_over, f.estimated_delivery, f.last_modified
  FROM freight_documents f WHERE f.id = p_document
  ON CONFLICT (account_id, document_id) DO UPDATE SET roles = excluded.roles, status = excluded.status, type = excluded.type,
    service_number = excluded.service_number, established_date = excluded.established_date, established_place = excluded.established_place,
    carrier_code = excluded.carrier_code, agreed_taking_over = excluded.agreed_taking_over, estimated_taking_over = excluded.estimated_taking_over,
    estimated_delivery = excluded.estimated_delivery, last_modified = excluded.last_modified;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fds_viewers_on_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM fds_refresh_viewer(OLD.account_id, OLD.document_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM fds_refresh_viewer(NEW.account_id, NEW.document_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER document_roles_viewers AFTER INSERT OR DELETE OR UPDATE OF account_id, role, document_id ON document_roles
  FOR EACH ROW EXECUTE FUNCTION fds_viewers_on_role();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fds_viewers_on_delegation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.document_id IS NOT NULL THEN
    PERFORM fds_refresh_viewer(OLD.delegate_account_id, OLD.document_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.document_id IS NOT NULL THEN
    PERFORM fds_refresh_viewer(NEW.delegate_account_id, NEW.document_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER delegations_viewers AFTER INSERT OR DELETE OR UPDATE ON delegations
  FOR EACH ROW EXECUTE FUNCTION fds_viewers_on_delegation();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fds_viewers_on_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE document_viewers SET status = NEW.status, type = NEW.type, service_number = NEW.service_number,
    established_date = NEW.established_date, established_place = NEW.established_place, carrier_code = NEW.carrier_code,
    agreed_taking_over = NEW.agreed_taking_over, estimated_taking_over = NEW.estimated_taking_over,
    estimated_delivery = NEW.estimated_delivery, last_modified = NEW.last_modified
  WHERE document_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER freight_documents_viewers AFTER UPDATE OF status, type, service_number, established_date, established_place, carrier_code,
  agreed_taking_over, estimated_taking_over, estimated_delivery, last_modified ON freight_documents
  FOR EACH ROW EXECUTE FUNCTION fds_viewers_on_document();
--> statement-breakpoint
-- The documents that exist already.
INSERT INTO document_viewers (account_id, document_id, roles, status, type, service_number, established_date, established_place,
  carrier_code, agreed_taking_over, estimated_taking_over, estimated_delivery, last_modified)
SELECT held.account_id, f.id, held.roles, f.status, f.type, f.service_number, f.established_date, f.established_place, f.carrier_code,
  f.agreed_taking_over, f.estimated_taking_over, f.estimated_delivery, f.last_modified
FROM (
  SELECT account_id, document_id, array_agg(DISTINCT role ORDER BY role) AS roles FROM (
    SELECT account_id, document_id, role FROM document_roles WHERE account_id IS NOT NULL
    UNION ALL
    SELECT d.delegate_account_id, d.document_id, d.role FROM delegations d
    JOIN document_roles r ON r.id = d.role_id AND r.role = d.role AND r.document_id = d.document_id
    WHERE d.document_id IS NOT NULL AND d.revoked_at IS NULL
  ) pairs GROUP BY account_id, document_id
) held
JOIN freight_documents f ON f.id = held.document_id;

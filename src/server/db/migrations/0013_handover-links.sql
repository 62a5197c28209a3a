CREATE TABLE "handover_links" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"document_id" text NOT NULL,
	"action" text NOT NULL,
	"counter_party_role_id" text,
	"created_by_account_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "handover_links" ADD CONSTRAINT "handover_links_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_links" ADD CONSTRAINT "handover_links_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handover_links_token_hash_key" ON "handover_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "handover_links_document_idx" ON "handover_links" USING btree ("document_id");
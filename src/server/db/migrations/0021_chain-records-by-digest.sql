CREATE TABLE "document_chain_checks" (
	"document_id" text PRIMARY KEY NOT NULL,
	"heads" jsonb NOT NULL,
	"verified_sequence" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"result" jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"full_check_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_approvals" ADD COLUMN "unseen_reservations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "document_commits" ADD COLUMN "records_root" text;--> statement-breakpoint
ALTER TABLE "freight_documents" ADD COLUMN "chain_heads" jsonb;--> statement-breakpoint
ALTER TABLE "document_chain_checks" ADD CONSTRAINT "document_chain_checks_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;
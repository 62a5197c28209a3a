CREATE TABLE "document_legal_events" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"commit_id" text,
	"kind" text NOT NULL,
	"instruction_id" text,
	"role" text NOT NULL,
	"role_id" text NOT NULL,
	"account_id" text,
	"submitted_by_account_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_comments" ALTER COLUMN "client_meta" SET DATA TYPE json;--> statement-breakpoint
UPDATE "document_comments" SET "client_meta" = json_build_object('v', "client_meta") WHERE "client_meta" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "document_approvals" ADD COLUMN "accepted_reservations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "document_comments" ADD COLUMN "reservation" jsonb;--> statement-breakpoint
ALTER TABLE "document_events" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "freight_documents" ADD COLUMN "replaced_by_paper" jsonb;--> statement-breakpoint
ALTER TABLE "document_legal_events" ADD CONSTRAINT "document_legal_events_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_legal_events" ADD CONSTRAINT "document_legal_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_legal_events" ADD CONSTRAINT "document_legal_events_submitted_by_account_id_accounts_id_fk" FOREIGN KEY ("submitted_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_legal_events_document_idx" ON "document_legal_events" USING btree ("document_id");
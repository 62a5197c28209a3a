CREATE TABLE "document_approvals" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"commit_id" text,
	"action" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"role" text NOT NULL,
	"role_id" text NOT NULL,
	"from_role_id" text,
	"to_role_id" text,
	"account_id" text,
	"submitted_by_account_id" text NOT NULL,
	"place" text,
	"latitude" text,
	"longitude" text,
	"declined" boolean DEFAULT false NOT NULL,
	"remarks" text,
	"signed_on_glass_by" jsonb,
	"attachment_id" text
);
--> statement-breakpoint
CREATE TABLE "document_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"commit_id" text,
	"text" text,
	"role" text NOT NULL,
	"role_id" text NOT NULL,
	"account_id" text,
	"submitted_by_account_id" text NOT NULL,
	"attachment_ids" jsonb NOT NULL,
	"client_meta" jsonb
);
--> statement-breakpoint
CREATE TABLE "transfer_secrets" (
	"document_id" text NOT NULL,
	"action" text NOT NULL,
	"role_id" text DEFAULT '' NOT NULL,
	"sealed" text NOT NULL,
	CONSTRAINT "transfer_secrets_document_id_action_role_id_pk" PRIMARY KEY("document_id","action","role_id")
);
--> statement-breakpoint
ALTER TABLE "freight_documents" ADD COLUMN "custody" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "freight_documents" ADD COLUMN "license_plates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "freight_documents" ADD COLUMN "delivered_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "document_approvals" ADD CONSTRAINT "document_approvals_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_approvals" ADD CONSTRAINT "document_approvals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_approvals" ADD CONSTRAINT "document_approvals_submitted_by_account_id_accounts_id_fk" FOREIGN KEY ("submitted_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_submitted_by_account_id_accounts_id_fk" FOREIGN KEY ("submitted_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_secrets" ADD CONSTRAINT "transfer_secrets_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_approvals_document_idx" ON "document_approvals" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "document_comments_document_idx" ON "document_comments" USING btree ("document_id");
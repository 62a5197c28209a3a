CREATE TABLE "delegations" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text,
	"role" text NOT NULL,
	"role_id" text,
	"grantor_account_id" text NOT NULL,
	"delegate_account_id" text NOT NULL,
	"parent_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "document_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"commit_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_snapshots" (
	"content_hash" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_commits" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "sha256" text;--> statement-breakpoint
UPDATE "attachments" SET "sha256" = encode(sha256("content"), 'hex');--> statement-breakpoint
ALTER TABLE "attachments" ALTER COLUMN "sha256" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_commits" ADD COLUMN "actor" jsonb;--> statement-breakpoint
UPDATE "document_commits" SET "actor" = jsonb_build_object('kind', 'ACCOUNT', 'accountId', "account_id");--> statement-breakpoint
ALTER TABLE "document_commits" ALTER COLUMN "actor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_commits" ADD COLUMN "hash_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_grantor_account_id_accounts_id_fk" FOREIGN KEY ("grantor_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_delegate_account_id_accounts_id_fk" FOREIGN KEY ("delegate_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_events" ADD CONSTRAINT "document_events_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delegations_delegate_idx" ON "delegations" USING btree ("delegate_account_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "delegations_document_idx" ON "delegations" USING btree ("document_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "delegations_parent_idx" ON "delegations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "document_events_document_idx" ON "document_events" USING btree ("document_id","id");
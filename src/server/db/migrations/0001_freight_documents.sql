CREATE SEQUENCE "public"."product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text,
	"original_file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"sealed" boolean DEFAULT false NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_commits" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"change_type" text NOT NULL,
	"account_id" text NOT NULL,
	"new_status" text,
	"previous_commits" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"created_client" timestamp (3) with time zone,
	"created_server" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"role" text NOT NULL,
	"account_id" text,
	"email" text,
	"party" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freight_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"service_number" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"submitter_account_id" text NOT NULL,
	"content" jsonb NOT NULL,
	"established_date" text,
	"established_place" text,
	"carrier_code" text,
	"agreed_taking_over" timestamp with time zone,
	"estimated_taking_over" timestamp with time zone,
	"estimated_delivery" timestamp with time zone,
	"head_commits" jsonb NOT NULL,
	"structured_goods_commit_id" text,
	"last_modified" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_number_counters" (
	"environment" text PRIMARY KEY NOT NULL,
	"last_value" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_commits" ADD CONSTRAINT "document_commits_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_commits" ADD CONSTRAINT "document_commits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_roles" ADD CONSTRAINT "document_roles_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_roles" ADD CONSTRAINT "document_roles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_documents" ADD CONSTRAINT "freight_documents_submitter_account_id_accounts_id_fk" FOREIGN KEY ("submitter_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_document_idx" ON "attachments" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_commits_document_sequence_key" ON "document_commits" USING btree ("document_id","sequence");--> statement-breakpoint
CREATE INDEX "document_roles_document_idx" ON "document_roles" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "document_roles_account_idx" ON "document_roles" USING btree ("account_id","document_id");--> statement-breakpoint
CREATE INDEX "document_roles_pending_email_idx" ON "document_roles" USING btree (lower("email")) WHERE account_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "freight_documents_service_number_key" ON "freight_documents" USING btree ("service_number");--> statement-breakpoint
CREATE INDEX "freight_documents_last_modified_idx" ON "freight_documents" USING btree ("last_modified","id");
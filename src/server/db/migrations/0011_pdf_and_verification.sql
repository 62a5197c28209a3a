CREATE TABLE "document_accesses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"type" text NOT NULL,
	"accessed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_pdfs" (
	"key" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"variant" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A volatile default is evaluated once per existing row: every document made before this migration gets its own token.
ALTER TABLE "freight_documents" ADD COLUMN "verification_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "document_accesses" ADD CONSTRAINT "document_accesses_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_pdfs" ADD CONSTRAINT "document_pdfs_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_accesses_document_idx" ON "document_accesses" USING btree ("document_id","id");--> statement-breakpoint
CREATE INDEX "document_pdfs_document_idx" ON "document_pdfs" USING btree ("document_id","variant");--> statement-breakpoint
CREATE UNIQUE INDEX "freight_documents_verification_token_key" ON "freight_documents" USING btree ("verification_token");
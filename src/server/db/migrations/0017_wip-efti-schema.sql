CREATE TABLE "efti_upload_attempts" (
	"upload_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"http_status" integer,
	"error" text,
	"duration_ms" integer,
	CONSTRAINT "efti_upload_attempts_upload_id_attempt_pk" PRIMARY KEY("upload_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "efti_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "freight_documents" ADD COLUMN "dataset_id" uuid DEFAULT gen_random_uuid();--> statement-breakpoint
ALTER TABLE "document_accesses" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "document_accesses" ADD COLUMN "subsets" jsonb;--> statement-breakpoint
ALTER TABLE "document_accesses" ADD COLUMN "http_status" integer;--> statement-breakpoint
ALTER TABLE "document_accesses" ADD COLUMN "response_sha256" text;--> statement-breakpoint
ALTER TABLE "document_accesses" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "efti_upload_attempts" ADD CONSTRAINT "efti_upload_attempts_upload_id_efti_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."efti_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "efti_uploads" ADD CONSTRAINT "efti_uploads_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "efti_uploads_document_idx" ON "efti_uploads" USING btree ("document_id","created_at");
CREATE TABLE "job_lanes" (
	"lane" text PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"lane_group" text,
	"locked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_mail_recipients" (
	"document_id" text NOT NULL,
	"address_hash" text NOT NULL,
	CONSTRAINT "document_mail_recipients_document_id_address_hash_pk" PRIMARY KEY("document_id","address_hash")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lane" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lane_group" text;--> statement-breakpoint
ALTER TABLE "document_mail_recipients" ADD CONSTRAINT "document_mail_recipients_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;
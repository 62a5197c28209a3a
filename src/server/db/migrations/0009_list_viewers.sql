CREATE TABLE "document_viewers" (
	"account_id" text NOT NULL,
	"document_id" text NOT NULL,
	"roles" text[] NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"service_number" text NOT NULL,
	"established_date" text,
	"established_place" text,
	"carrier_code" text,
	"agreed_taking_over" timestamp with time zone,
	"estimated_taking_over" timestamp with time zone,
	"estimated_delivery" timestamp with time zone,
	"last_modified" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "document_viewers_account_id_document_id_pk" PRIMARY KEY("account_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "document_viewers" ADD CONSTRAINT "document_viewers_document_id_freight_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."freight_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_viewers_document_idx" ON "document_viewers" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "document_viewers_default_idx" ON "document_viewers" USING btree ("account_id","last_modified" DESC NULLS LAST,"document_id") WHERE status <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "document_viewers_status_idx" ON "document_viewers" USING btree ("account_id",("status" collate "C"),"last_modified" DESC NULLS LAST,"document_id");--> statement-breakpoint
CREATE INDEX "document_viewers_service_number_idx" ON "document_viewers" USING btree ("account_id",("service_number" collate "C"),"document_id") WHERE status <> 'CANCELLED';
CREATE TABLE "document_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"upload_file_id" text,
	"voters_file_id" text,
	"voter_count" integer,
	"parse_summary" jsonb,
	"error_message" text,
	"draft_file_id" text,
	"final_file_id" text,
	"pages" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "part_count" integer;--> statement-breakpoint
ALTER TABLE "document_parts" ADD CONSTRAINT "document_parts_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_parts_position_idx" ON "document_parts" USING btree ("document_id","position");
ALTER TABLE "document_parts" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "document_parts" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_parts" ADD COLUMN "read_by" text;--> statement-breakpoint
ALTER TABLE "document_parts" ADD COLUMN "made_by" text;
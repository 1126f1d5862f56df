ALTER TABLE "invoices" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "mail_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "mail_tried_at" timestamp with time zone;--> statement-breakpoint
-- the invoices issued before this column were mailed when they were issued: the sweep must not send them again
UPDATE "invoices" SET "mailed_at" = "issued_at", "mail_tries" = 1, "mail_tried_at" = "issued_at";
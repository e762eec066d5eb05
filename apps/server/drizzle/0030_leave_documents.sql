ALTER TABLE "leave_requests" ADD COLUMN "document_key" text;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD COLUMN "document_name" text;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD COLUMN "document_mime" varchar(100);--> statement-breakpoint
ALTER TABLE "leave_requests" ADD COLUMN "document_size" integer;
DROP INDEX "media_items_class_idx";--> statement-breakpoint
CREATE INDEX "media_items_class_idx" ON "media_items" USING btree ("class_id","taken_on","created_at","id");
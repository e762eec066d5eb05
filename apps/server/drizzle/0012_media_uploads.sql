CREATE INDEX "media_uploader_idx" ON "media" USING btree ("uploaded_by","created_at");--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at");
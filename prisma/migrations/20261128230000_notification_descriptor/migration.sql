-- A notification's message as a descriptor (issue 35): { id, values }, rendered in the reader's
-- language; "message" keeps the English text (notifications written before have none, and read as they are).
ALTER TABLE "Notification" ADD COLUMN "descriptor" JSONB;

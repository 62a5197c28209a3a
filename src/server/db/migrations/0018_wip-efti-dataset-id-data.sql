-- Contract §15: every document has the UUID (version 4, random) of its eFTI data set. The column's default gives new
-- documents theirs; the documents that existed before get theirs here (adding a column with a volatile default may
-- already have filled them, row by row: this makes sure whatever the database did).
UPDATE "freight_documents" SET "dataset_id" = gen_random_uuid() WHERE "dataset_id" IS NULL;
